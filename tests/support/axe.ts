import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * A toast sliding in is measured half transparent: axe then reports its text's contrast. Waits two frames (a just
 * mounted element starts its transition) and for the page's finite animations and transitions to end, at most 2 s.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

async function analyze(page: Page) {
  if (test.info().project.use.javaScriptEnabled !== false) {
    await settleAnimations(page);
    return new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  }
  // axe runs as a script, which a JavaScript-off page refuses: audit the same server HTML in a context
  // that allows only axe's own script (every page script is blocked, so the markup stays the no-JS markup).
  const browser = page.context().browser()!;
  const auditContext = await browser.newContext({ javaScriptEnabled: true, userAgent: test.info().project.use.userAgent });
  try {
    await auditContext.addCookies(await page.context().cookies());
    await auditContext.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
    const auditPage = await auditContext.newPage();
    await auditPage.goto(page.url());
    return await new AxeBuilder({ page: auditPage }).withTags(WCAG_TAGS).analyze();
  } finally {
    await auditContext.close();
  }
}

/** Fails with a readable list when axe finds WCAG 2.1 A/AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await analyze(page);
  const readable = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
  expect(readable).toEqual([]);
}
