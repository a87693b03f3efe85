// Renders the site's icons and Open Graph image from public/icons/icon.svg with Chromium (run once; outputs are committed).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const svg = readFileSync("public/icons/icon.svg", "utf8");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();

async function render(file, width, height, html) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<html><body style="margin:0;background:#000">${html}</body></html>`);
  await page.screenshot({ path: file, omitBackground: false });
}

const icon = (size, padding = 0) =>
  `<div style="width:${size}px;height:${size}px;display:grid;place-items:center;background:${padding ? "#FE3635" : "transparent"}"><div style="width:${size - padding * 2}px;height:${size - padding * 2}px">${svg.replace("<svg ", '<svg width="100%" height="100%" ')}</div></div>`;

await render("public/icons/icon-192.png", 192, 192, icon(192));
await render("public/icons/icon-512.png", 512, 512, icon(512));
await render("public/icons/maskable-512.png", 512, 512, icon(512, 80));
await render("public/icons/apple-touch-icon.png", 180, 180, icon(180, 16));
await render("public/icons/favicon-32.png", 32, 32, icon(32));
await render(
  "public/og-image.png",
  1200,
  630,
  `<div style="width:1200px;height:630px;display:flex;align-items:center;gap:48px;padding:0 96px;box-sizing:border-box;background:#000;color:#fff;font-family:DejaVu Sans,sans-serif"><div style="width:200px;height:200px;flex:none">${svg.replace("<svg ", '<svg width="100%" height="100%" ')}</div><div><div style="font-size:88px;font-weight:700">AniLibria</div><div style="font-size:40px;color:#d4d4d4;margin-top:16px">Аниме онлайн с русской озвучкой</div></div></div>`,
);
await browser.close();
execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-i", "public/icons/favicon-32.png", "public/favicon.ico"]);
