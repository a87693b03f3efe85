// No page breaks its own Content-Security-Policy: every script carries the nonce, nothing loads from elsewhere.
import { expect, test } from "@playwright/test";

const pages = [
  "/",
  "/anime/catalog/",
  "/anime/genres/",
  "/anime/releases/latest/",
  "/anime/schedule",
  "/anime/franchises/",
  "/anime/torrents/",
  "/media/videos/latest/",
  "/teams",
  "/rules",
  "/support",
  "/app/sitemap",
  "/app/auth/login",
  "/no-such-page",
];

test("no page reports a CSP violation", { tag: "@js-only" }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const latest = await (await request.get("/api/v1/anime/releases/latest?limit=1")).json();
  const alias: string = (Array.isArray(latest) ? latest : latest.data)[0].alias;
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  for (const path of [...pages, `/anime/releases/release/${alias}`, `/anime/releases/release/${alias}/torrents`]) {
    await page.goto(path, { waitUntil: "networkidle" });
  }
  expect(violations).toEqual([]);
});
