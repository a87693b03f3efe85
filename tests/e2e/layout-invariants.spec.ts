// The layout suite's invariants of where people look (decision 0255), shown to catch what they are for on pages written
// here, so a change to them that stops them failing is caught too; the suite runs them over the site's own pages.
import { expect, test, type Page } from "@playwright/test";
import { wrongCountPhrases } from "../support/count-phrases";
import { collectLayoutViolations, collectLayoutViolationsInThemes } from "../support/layout";

async function show(page: Page, width: number, body: string): Promise<string[]> {
  await page.setViewportSize({ width, height: 800 });
  await page.setContent(`<!doctype html><html lang="ru"><body style="margin:0;font:16px sans-serif">${body}</body></html>`);
  return collectLayoutViolations(page);
}

const menu = (panelStyle: string) => `
  <details open style="position:relative;width:max-content;margin:20px">
    <summary style="padding:12px">В коллекцию</summary>
    <div style="width:240px;background:#eee;position:${panelStyle}"><button style="height:40px;width:100%">Запланировано</button></div>
  </details>`;

test("an open menu must be beside its button; a full-width sheet may sit at a phone's bottom", { tag: ["@js-only"] }, async ({ page }) => {
  expect(await show(page, 1440, menu("absolute;left:0;top:100%"))).toEqual([]);
  const far = await show(page, 1440, menu("fixed;left:600px;bottom:16px"));
  expect(far.join("\n")).toContain("not beside it");
  expect(await show(page, 390, menu("fixed;left:16px;right:16px;width:auto;bottom:16px"))).toEqual([]);
  // The same sheet on a desktop is a screen away from its button.
  expect((await show(page, 1440, menu("fixed;left:16px;right:16px;width:auto;bottom:16px"))).join("\n")).toContain("not beside it");
});

test("a control reached only by scrolling a box sideways needs a box that shows it scrolls", { tag: ["@js-only"] }, async ({ page }) => {
  const row = (cue: string) => `
    <div style="overflow-x:auto;display:flex;gap:8px;width:300px;${cue}">
      ${["Эпизоды", "Торренты", "Команда", "Франшизы"].map((name) => `<a href="#" style="flex:none;padding:12px 24px">${name}</a>`).join("")}
    </div>`;
  expect((await show(page, 390, row(""))).join("\n")).toContain("shows no sign of scrolling");
  expect(await show(page, 390, row("mask-image:linear-gradient(to right,#000 80%,transparent)"))).toEqual([]);
});

test("a target smaller than 24 px needs room around it, unless what crowds it is covered", { tag: ["@js-only"] }, async ({ page }) => {
  const dot = (name: string) => `<a href="#" aria-label="${name}" style="display:block;width:16px;height:16px;background:#c00"></a>`;
  const pair = (gap: number, cover = "") =>
    `<div style="position:relative;display:flex;gap:${gap}px;margin:20px">${dot("один")}${dot("два")}${cover}</div>`;
  expect((await show(page, 390, pair(2))).join("\n")).toContain("target smaller than 24 × 24");
  expect(await show(page, 390, pair(12))).toEqual([]);
  // The neighbour under an open menu's layer cannot be hit by mistake.
  const layer = `<div style="position:absolute;left:18px;top:0;width:16px;height:16px;background:#fff;z-index:1"></div>`;
  expect(await show(page, 390, pair(2, layer))).toEqual([]);
});

test("each theme is read in place, with the accent colour it gives", { tag: ["@js-only"] }, async ({ page }) => {
  await page.setContent(
    `<!doctype html><html class="dark"><head><meta name="color-scheme" content="dark"><style>input{accent-color:rgb(211,47,47)} html.light input{accent-color:blue}</style></head><body><label style="display:block;padding:12px"><input type="checkbox" id="watched"> Просмотрено</label></body></html>`,
  );
  const readings = await collectLayoutViolationsInThemes(page, ["dark", "light"]);
  expect(readings.map(({ theme, accentColours }) => ({ theme, accentColours }))).toEqual([
    { theme: "dark", accentColours: ["watched: rgb(211, 47, 47)"] },
    { theme: "light", accentColours: ["watched: rgb(0, 0, 255)"] },
  ]);
  expect(await page.evaluate(() => [document.documentElement.className, document.querySelector("meta")?.content])).toEqual([
    "light",
    "light",
  ]);
});

test("count phrases take the plural helper's form", { tag: ["@js-only"] }, () => {
  expect(wrongCountPhrases("Найдено: 300 релизов · 2 серии · 21 эпизод · 1 234 просмотра · 12,5 серий · 0:13")).toEqual([]);
  expect(wrongCountPhrases("Продолжить: 2 серия, 0:13. Найдено: 5 релиза")).toEqual([
    "«2 серия» should read «2 серии»",
    "«5 релиза» should read «5 релизов»",
  ]);
});
