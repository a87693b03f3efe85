import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export type ReadableAxeViolation = { rule: string; impact: string | null | undefined; help: string; targets: string[] };

/**
 * A toast sliding in is measured half transparent: axe then reports its text's contrast. Waits two frames (a just
 * mounted element starts its transition) and for the page's finite animations and transitions to end, at most 2 s.
 * Only animations that run in time: a scroll-driven one (the tabs' edge cue) ends when its box is scrolled to the end,
 * never by waiting, and used to hold every audit of a release page for the whole 2 s (decision 0275).
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return animation.timeline === document.timeline && typeof end === "number" && end !== Infinity;
    });
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/**
 * axe runs as a script, which a JavaScript-off page refuses: the no-JS markup is audited in a context that allows
 * only axe's own script (every page script is blocked, so the markup stays the server's). Close its context after.
 */
export async function openScriptlessAuditPage(browser: Browser, userAgent: string | undefined): Promise<Page> {
  const auditContext = await browser.newContext({ javaScriptEnabled: true, userAgent });
  await auditContext.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
  return auditContext.newPage();
}

/**
 * The WCAG 2.1 A/AA violations axe finds on a page that runs scripts, as it is now, in a form that reads in a diff.
 * Every rule of those tags runs on every node as before; what is cut is reporting (decision 0272). `axe.run` in the
 * page (legacy mode) instead of a partial run per frame finished in a second, blank page the builder opens for each
 * audit; and only violations get their nodes described (a CSS selector built for each node that passed was most of
 * the cost outside the rules). `options` replaces the builder's options, so it comes before `withTags`.
 */
export async function axeViolations(page: Page): Promise<ReadableAxeViolation[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_TAGS)
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
}

async function violationsOfTestPage(page: Page): Promise<ReadableAxeViolation[]> {
  if (test.info().project.use.javaScriptEnabled !== false) return axeViolations(page);
  const auditPage = await openScriptlessAuditPage(page.context().browser()!, test.info().project.use.userAgent);
  try {
    await auditPage.context().addCookies(await page.context().cookies());
    await auditPage.goto(page.url());
    return await axeViolations(auditPage);
  } finally {
    await auditPage.context().close();
  }
}

/** Fails with a readable list when axe finds WCAG 2.1 A/AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  expect(await violationsOfTestPage(page)).toEqual([]);
}
