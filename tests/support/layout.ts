// Layout invariants read from the DOM of the page as it is now (decision 0125): no sideways scrolling, no control
// outside the viewport or cut off by its container, no text clipped mid-line, every target at least 24 × 24 px,
// and named containers (menus, sheets, dialogs) on screen, on top and not scrolling sideways, some of them whole.
// And where people look (decision 0255): an open menu, popover or dialog beside the control that opened it (a full-width
// sheet on a phone excepted), no control reached only by scrolling an inner box sideways that shows no sign of
// scrolling, and every count phrase («3 серии») in the form the plural helper gives.
// One check for every page, the player included.
import type { Page } from "@playwright/test";
import { countPhraseViolations } from "./count-phrases";

export type LayoutOptions = {
  /** Only look inside this element (a menu, a drawer); the whole page otherwise. */
  within?: string;
  /** CSS selectors of elements whose own boxes are not judged (with a reason in the caller's code). */
  ignore?: readonly string[];
  /** Containers (dialogs, menus) that must be inside the viewport, not covered, and not scroll sideways. */
  containerSelectors?: readonly string[];
  /** Containers that must moreover show all their content without scrolling at all. */
  wholeContainerSelectors?: readonly string[];
  /** Two frames pass first, so layout and any resize observers have settled after a resize (JavaScript on only:
   * a page without it runs no observer, and no frame callback either). */
  waitFrames?: boolean;
};

/** The site's two themes: a class on <html> (and the colour scheme the server writes for it). */
export type Theme = "dark" | "light";

/** What one pass over the page read in one theme: its layout violations, and the accent colour of every checkbox and radio. */
export type ThemeReading = { theme: Theme | null; violations: string[]; accentColours: string[] };

/** Readable violations, each naming the element, its box and the viewport; empty when the layout holds. */
export async function collectLayoutViolations(page: Page, options: LayoutOptions = {}): Promise<string[]> {
  const [reading] = await readPage(page, options, [null]);
  return reading?.violations ?? [];
}

/**
 * The page in each of `themes` in one round trip: the theme is switched in place (as the theme switch does it with
 * JavaScript: a class on <html>, the colour scheme beside it) and the page read; the page is left in the last one.
 */
export function collectLayoutViolationsInThemes(
  page: Page,
  themes: readonly Theme[],
  options: LayoutOptions = {},
): Promise<ThemeReading[]> {
  return readPage(page, options, themes);
}

async function readPage(page: Page, options: LayoutOptions, themes: ReadonlyArray<Theme | null>): Promise<ThemeReading[]> {
  const readings = await readInPage(page, options, themes);
  return readings.map(({ theme, violations, visibleText, accentColours }) => ({
    theme,
    violations: [...violations, ...countPhraseViolations(visibleText)],
    accentColours,
  }));
}

type PageReading = { theme: Theme | null; violations: string[]; visibleText: string; accentColours: string[] };

function readInPage(page: Page, options: LayoutOptions, themes: ReadonlyArray<Theme | null>): Promise<PageReading[]> {
  return page.evaluate(
    async ({ within, ignore, containerSelectors, wholeContainerSelectors, themes, waitFrames }) => {
      if (waitFrames) await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const html = document.documentElement;
      const colorScheme = document.querySelector<HTMLMetaElement>("meta[name='color-scheme']");
      const readings: PageReading[] = [];
      for (const theme of themes) {
        if (theme) {
          html.classList.remove("dark", "light");
          html.classList.add(theme);
          if (colorScheme) colorScheme.content = theme;
        }
        const root = within ? document.querySelector(within) : document.body;
        readings.push({
          theme,
          violations: readLayout(),
          visibleText: root instanceof HTMLElement ? root.innerText : "",
          accentColours: [...document.querySelectorAll<HTMLInputElement>("input[type='checkbox'], input[type='radio']")].map(
            (input) => `${input.id || input.name}: ${getComputedStyle(input).accentColor}`,
          ),
        });
      }
      return readings;

      function readLayout(): string[] {
        const MINIMUM_TARGET = 24;
        const SLACK = 1;
        /** How far from its control an open menu may start: the gap of a dropdown, not a screen away. */
        const BESIDE = 16;
        /** Narrower than the product's `sm` (600 px) a screen is a phone's: a menu may be a sheet under the thumb. */
        const TOUCH_SIZED_WIDTH = 600;
        const viewportWidth = document.documentElement.clientWidth;
        const viewportHeight = window.innerHeight;
        const viewport = `viewport ${viewportWidth}×${viewportHeight}`;
        const violations: string[] = [];
        // Ancestors are asked about again and again: one style lookup per element keeps a long page's check short.
        const styles = new Map<Element, CSSStyleDeclaration>();
        const styleOf = (element: Element): CSSStyleDeclaration => {
          let style = styles.get(element);
          if (!style) {
            style = getComputedStyle(element);
            styles.set(element, style);
          }
          return style;
        };

        const describe = (element: Element): string => {
          const tag = element.tagName.toLowerCase();
          const id = element.id ? `#${element.id}` : "";
          const role = element.getAttribute("role");
          const label = element.getAttribute("aria-label") ?? element.getAttribute("name") ?? element.getAttribute("for");
          const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
          return `<${tag}${id}${role ? ` role=${role}` : ""}${label ? ` "${label}"` : ""}>${text ? ` «${text}»` : ""}`;
        };
        const box = (rect: DOMRect) =>
          `box x=${Math.round(rect.left)}..${Math.round(rect.right)} y=${Math.round(rect.top)}..${Math.round(rect.bottom)} (${Math.round(rect.width)}×${Math.round(rect.height)})`;
        const report = (element: Element, rect: DOMRect, problem: string) =>
          violations.push(`${describe(element)}: ${problem}; ${box(rect)}, ${viewport}`);

        /** Visually hidden helpers (sr-only) and anything not painted take no part. */
        const isPainted = (element: Element, rect: DOMRect): boolean => {
          if (rect.width <= 1 || rect.height <= 1) return false;
          const style = styleOf(element);
          if (style.visibility === "hidden" || Number(style.opacity) === 0) return false;
          if (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)") return false;
          if (element.closest("[inert]") !== null) return false;
          // Inside a visually hidden or faded-out ancestor (a table head kept for screen readers only, hidden player controls).
          for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
            const outer = styleOf(parent);
            if (outer.clip === "rect(0px, 0px, 0px, 0px)" || outer.clipPath === "inset(50%)" || Number(outer.opacity) === 0) return false;
          }
          // A closed <details> keeps its content laid out (content-visibility: hidden) but not shown.
          const closed = element.closest("details:not([open])");
          return closed === null || element.closest("summary")?.parentElement === closed;
        };
        const isIgnored = (element: Element) => ignore.some((selector) => element.closest(selector) !== null);
        const clips = (value: string) => value === "hidden" || value === "clip";
        const scrolls = (value: string) => value === "auto" || value === "scroll";

        const root = within ? document.querySelector(within) : document.body;
        if (!root) return [`${within}: not on the page, ${viewport}`];
        const scrollWidth = document.documentElement.scrollWidth;
        if (!within && scrollWidth > viewportWidth + SLACK)
          violations.push(`the page scrolls sideways: scrollWidth ${scrollWidth} > ${viewport}`);

        /** The nearest ancestor that clips or scrolls on the given axis, and how. */
        const isInFixedBox = (element: Element): boolean => {
          for (let node: Element | null = element; node; node = node.parentElement) if (styleOf(node).position === "fixed") return true;
          return false;
        };
        const containerOf = (element: Element, axis: "x" | "y"): { element: Element; kind: "clip" | "scroll" } | null => {
          for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
            const style = styleOf(parent);
            const overflow = axis === "x" ? style.overflowX : style.overflowY;
            if (scrolls(overflow)) return { element: parent, kind: "scroll" };
            if (clips(overflow)) return { element: parent, kind: "clip" };
            if (style.position === "fixed") return null;
          }
          return null;
        };

        /** A box shows that it scrolls by a fading edge (a mask) or a scrollbar that takes room (a desktop's). */
        const showsItScrolls = (scroller: Element): boolean => {
          const style = styleOf(scroller);
          if (style.maskImage !== "none" && style.maskImage !== "") return true;
          if (style.getPropertyValue("-webkit-mask-image") !== "none" && style.getPropertyValue("-webkit-mask-image") !== "") return true;
          const html = scroller as HTMLElement;
          const borders = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
          return html.offsetHeight - html.clientHeight - borders > 0;
        };

        const INTERACTIVE =
          "a[href], button, input:not([type='hidden']), select, textarea, summary, label[for], [role='button'], [role='link'], [role='menuitem'], [role='tab'], [tabindex]:not([tabindex='-1'])";
        const isInteractive = (element: Element) => element.matches(INTERACTIVE);
        const isLineClamped = (element: Element) => {
          const clamp = styleOf(element).getPropertyValue("-webkit-line-clamp");
          return clamp !== "none" && clamp !== "";
        };
        const targets: Array<{ element: Element; rect: DOMRect }> = [];
        /** WCAG 2.5.8's spacing exception: a 24 px square centred on a small target touches no other target. */
        /** A target another element lies on at its centre (under an open menu): no neighbour to be hit by mistake. Asked once per target. */
        const coveredTargets = new Map<Element, boolean>();
        const isCoveredNeighbour = ({ element, rect }: { element: Element; rect: DOMRect }): boolean => {
          let covered = coveredTargets.get(element);
          if (covered === undefined) {
            const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
            covered = top !== null && top !== element && !element.contains(top) && !top.contains(element);
            coveredTargets.set(element, covered);
          }
          return covered;
        };
        const isSpacedEnough = (element: Element, rect: DOMRect): boolean => {
          // A target under an open menu cannot be hit at all while the menu is open.
          const topmost = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          if (topmost && topmost !== element && !element.contains(topmost)) return true;
          const centreX = rect.left + rect.width / 2;
          const centreY = rect.top + rect.height / 2;
          const half = MINIMUM_TARGET / 2;
          return targets.every((other) => {
            if (other.element === element || other.element.contains(element) || element.contains(other.element)) return true;
            if (other.element instanceof HTMLLabelElement && other.element.control === element) return true;
            if (element instanceof HTMLLabelElement && element.control === other.element) return true;
            const o = other.rect;
            if (o.right <= centreX - half || o.left >= centreX + half || o.bottom <= centreY - half || o.top >= centreY + half) return true;
            // Hit-testing is the costly part of the check: only for the few targets inside the 24 px square.
            return isCoveredNeighbour(other);
          });
        };
        /** WCAG 2.5.8's exception: a link inside a sentence is sized by the line it sits in. */
        const isInlineInText = (element: Element): boolean => {
          if (styleOf(element).display !== "inline") return false;
          const parent = element.parentElement;
          if (!parent) return false;
          return [...parent.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim().length > 0);
        };
        const isTooSmall = (rect: DOMRect) => rect.width < MINIMUM_TARGET - 0.5 || rect.height < MINIMUM_TARGET - 0.5;
        /** A radio or checkbox is hit through its label: the label is the target, so its box is the one judged. */
        const isHitThroughLabel = (element: Element): boolean => {
          if (!(element instanceof HTMLInputElement) || (element.type !== "radio" && element.type !== "checkbox")) return false;
          return [...(element.labels ?? [])].some((label) => !isTooSmall(label.getBoundingClientRect()));
        };
        const hasOwnText = (element: Element) =>
          [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim().length > 0);

        const elements = [root, ...root.querySelectorAll("*")];
        for (const element of elements) {
          if (!isInteractive(element)) continue;
          const rect = element.getBoundingClientRect();
          if (isPainted(element, rect)) targets.push({ element, rect });
        }
        for (const element of elements) {
          if (element instanceof SVGElement && !(element instanceof SVGSVGElement)) continue;
          if (["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "OPTION", "BR"].includes(element.tagName)) continue;
          if (isIgnored(element)) continue;
          const rect = element.getBoundingClientRect();
          if (!isPainted(element, rect)) continue;
          const interactive = isInteractive(element);
          const textBearing = hasOwnText(element);
          if (!interactive && !textBearing && !(element instanceof HTMLImageElement)) continue;

          // Off the viewport's sides, unless a scroll container of its own lets the reader bring it into view.
          const horizontal = containerOf(element, "x");
          if ((rect.right > viewportWidth + SLACK || rect.left < -SLACK) && horizontal?.kind !== "scroll") {
            report(element, rect, "outside the viewport");
          } else if (interactive && horizontal?.kind === "scroll" && !showsItScrolls(horizontal.element)) {
            // Reached only by scrolling a box sideways: fine if the box says so, a control nobody finds if not.
            const outer = horizontal.element.getBoundingClientRect();
            if (rect.right > outer.right + SLACK || rect.left < outer.left - SLACK)
              report(
                element,
                rect,
                `reached only by scrolling ${describe(horizontal.element)} sideways, which shows no sign of scrolling (${box(outer)})`,
              );
          } else if (
            interactive &&
            (rect.top < -SLACK || rect.bottom > viewportHeight + SLACK) &&
            isInFixedBox(element) &&
            containerOf(element, "y")?.kind !== "scroll"
          ) {
            // A fixed box does not scroll with the page: a control below the fold of one is out of reach.
            report(element, rect, "outside the viewport (in a fixed box)");
          } else if (interactive && horizontal?.kind === "clip" && !isLineClamped(horizontal.element)) {
            const outer = horizontal.element.getBoundingClientRect();
            if (rect.right > outer.right + SLACK || rect.left < outer.left - SLACK)
              report(element, rect, `cut off by ${describe(horizontal.element)} (${box(outer)})`);
          }
          if (interactive) {
            const vertical = containerOf(element, "y");
            if (vertical?.kind === "clip" && !isLineClamped(vertical.element)) {
              const outer = vertical.element.getBoundingClientRect();
              if (rect.bottom > outer.bottom + SLACK || rect.top < outer.top - SLACK)
                report(element, rect, `cut off by ${describe(vertical.element)} (${box(outer)})`);
            }
            if (isTooSmall(rect) && !isHitThroughLabel(element) && !isInlineInText(element) && !isSpacedEnough(element, rect))
              report(element, rect, `target smaller than ${MINIMUM_TARGET} × ${MINIMUM_TARGET}`);
          }

          // Text cut by its own box: sideways, unless an ellipsis shows and the full text is a title or label away;
          // downwards, unless a line clamp ends it with an ellipsis.
          if (textBearing) {
            const style = styleOf(element);
            const html = element as HTMLElement;
            if (clips(style.overflowX) && html.scrollWidth > html.clientWidth + SLACK) {
              // An ellipsis is a deliberate end of a line (a long nickname, a description), not a cut.
              if (style.textOverflow !== "ellipsis")
                report(element, rect, `text cut sideways (needs ${html.scrollWidth} px, has ${html.clientWidth})`);
            }
            if (
              clips(style.overflowY) &&
              !isLineClamped(element) &&
              style.whiteSpace !== "nowrap" &&
              html.scrollHeight > html.clientHeight + SLACK
            )
              report(element, rect, `text cut mid-line (needs ${html.scrollHeight} px high, has ${html.clientHeight})`);
            // Text inside a clipping ancestor that ends before the text does.
            const vertical = containerOf(element, "y");
            if (vertical?.kind === "clip") {
              const outer = vertical.element.getBoundingClientRect();
              if (
                !isLineClamped(vertical.element) &&
                rect.top < outer.bottom - SLACK &&
                rect.bottom > outer.bottom + SLACK &&
                rect.top >= outer.top - SLACK
              ) {
                report(element, rect, `text cut mid-line by ${describe(vertical.element)} (${box(outer)})`);
              }
            }
          }
        }

        // Named containers: on screen, not scrolling sideways (whole ones not scrolling at all), and on top.
        const named = [
          ...containerSelectors.map((selector) => ({ selector, whole: false })),
          ...wholeContainerSelectors.map((selector) => ({ selector, whole: true })),
        ];
        for (const { selector, whole } of named) {
          for (const container of document.querySelectorAll(selector)) {
            const rect = container.getBoundingClientRect();
            if (!isPainted(container, rect)) continue;
            const name = `container ${selector}`;
            if (rect.left < -SLACK || rect.right > viewportWidth + SLACK || rect.top < -SLACK || rect.bottom > viewportHeight + SLACK)
              violations.push(`${name} is not inside the viewport; ${box(rect)}, ${viewport}`);
            if (
              container.scrollWidth > container.clientWidth + SLACK ||
              (whole && container.scrollHeight > container.clientHeight + SLACK)
            ) {
              violations.push(
                `${name} does not show all of its content: ${container.scrollWidth} × ${container.scrollHeight} px in ${container.clientWidth} × ${container.clientHeight}`,
              );
            }
            const inset = 6;
            const points: Array<[number, number]> = [
              [rect.left + rect.width / 2, rect.top + rect.height / 2],
              [rect.left + inset, rect.top + inset],
              [rect.right - inset, rect.top + inset],
              [rect.left + inset, rect.bottom - inset],
              [rect.right - inset, rect.bottom - inset],
            ];
            for (const [x, y] of points) {
              if (x < 0 || y < 0 || x > viewportWidth || y > viewportHeight) continue;
              const hit = document.elementFromPoint(x, y);
              if (hit && !container.contains(hit))
                violations.push(`${name} is covered at ${Math.round(x)},${Math.round(y)} by ${describe(hit)}`);
            }
          }
        }

        // Open menus, popovers and dialogs: where the control that opened them is, not elsewhere on the screen.
        const isFloating = (element: Element) => ["absolute", "fixed"].includes(styleOf(element).position);
        const isModal = (element: Element): boolean => {
          if (element.matches(":modal") || element.getAttribute("aria-modal") === "true") return true;
          // A backdrop over the whole screen (a modal's overlay) takes the eye to the dialog wherever it is.
          return [...document.querySelectorAll("body *")].some((other) => {
            if (other === element || other.contains(element) || element.contains(other) || styleOf(other).position !== "fixed")
              return false;
            const cover = other.getBoundingClientRect();
            return isPainted(other, cover) && cover.width >= viewportWidth - SLACK && cover.height >= viewportHeight - SLACK;
          });
        };
        const isPhoneSheet = (rect: DOMRect) =>
          viewportWidth < TOUCH_SIZED_WIDTH && rect.width >= viewportWidth - 48 && (rect.bottom >= viewportHeight - 32 || rect.top <= 32);
        const openings: Array<{ control: Element; panel: Element }> = [];
        for (const details of root.querySelectorAll("details[open]")) {
          const summary = details.querySelector(":scope > summary");
          if (!summary) continue;
          for (const panel of details.children) if (panel !== summary && isFloating(panel)) openings.push({ control: summary, panel });
        }
        for (const control of root.querySelectorAll("[aria-expanded='true'][aria-controls]")) {
          const panel = document.getElementById(control.getAttribute("aria-controls") ?? "");
          if (panel && isFloating(panel) && !isModal(panel)) openings.push({ control, panel });
        }
        for (const { control, panel } of openings) {
          const controlRect = control.getBoundingClientRect();
          const panelRect = panel.getBoundingClientRect();
          if (!isPainted(control, controlRect) || !isPainted(panel, panelRect) || isPhoneSheet(panelRect)) continue;
          const apartX = Math.max(0, panelRect.left - controlRect.right, controlRect.left - panelRect.right);
          const apartY = Math.max(0, panelRect.top - controlRect.bottom, controlRect.top - panelRect.bottom);
          if (apartX > BESIDE || apartY > BESIDE)
            report(
              panel,
              panelRect,
              `opened ${Math.round(Math.max(apartX, apartY))} px away from its control ${describe(control)} (${box(controlRect)}), not beside it`,
            );
        }
        return violations;
      }
    },
    {
      within: options.within ?? null,
      ignore: options.ignore ?? [],
      containerSelectors: options.containerSelectors ?? [],
      wholeContainerSelectors: options.wholeContainerSelectors ?? [],
      themes,
      waitFrames: options.waitFrames ?? false,
    },
  );
}
