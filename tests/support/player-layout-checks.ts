// Layout invariants read from the DOM: no horizontal scrolling, no control outside the viewport or outside
// the box that clips it, no text cut off mid-line, targets of at least 24 × 24 px, and named containers
// (menus, sheets, dialogs) on screen and on top, some of them whole. Returns readable violations, so a failure lists them all.
import type { Page } from "@playwright/test";

export type LayoutOptions = {
  /** Containers (dialogs, menus) that must be inside the viewport, not covered, and not scroll sideways. */
  containerSelectors?: readonly string[];
  /** Containers that must moreover show all their content without scrolling at all. */
  wholeContainerSelectors?: readonly string[];
};

export const MIN_TARGET_PX = 24;

export async function collectLayoutViolations(page: Page, options: LayoutOptions = {}): Promise<string[]> {
  return page.evaluate(
    ({ containerSelectors, wholeContainerSelectors, minTarget }) => {
      const violations: string[] = [];
      const viewportWidth = document.documentElement.clientWidth;
      const viewportHeight = window.innerHeight;
      const TOLERANCE = 0.5;
      const round = (value: number) => Math.round(value);

      function describe(element: Element): string {
        const name =
          element.getAttribute("aria-label") ??
          element.getAttribute("title") ??
          (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        const id = element.id ? `#${element.id}` : "";
        return `<${element.tagName.toLowerCase()}${id}> "${name}"`;
      }

      function isRendered(element: Element): boolean {
        const box = element.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return false;
        // Visually hidden on purpose (skip links, labels for screen readers).
        if (box.width <= 1 || box.height <= 1) return false;
        for (let node: Element | null = element; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.display === "none" || style.visibility === "hidden" || style.opacity === "0") return false;
          if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") return false;
        }
        return true;
      }

      /** The nearest ancestor whose overflow is not visible, and whether it scrolls (auto/scroll) or clips. */
      function clippingAncestor(element: Element): { element: Element; scrollsX: boolean; scrollsY: boolean } | null {
        for (let node = element.parentElement; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.position === "fixed" && node !== element) {
            // A fixed box is laid out against the viewport: nothing above it clips it.
            if (style.overflowX === "visible" && style.overflowY === "visible") return null;
          }
          if (style.overflowX !== "visible" || style.overflowY !== "visible") {
            return {
              element: node,
              scrollsX: style.overflowX === "auto" || style.overflowX === "scroll",
              scrollsY: style.overflowY === "auto" || style.overflowY === "scroll",
            };
          }
        }
        return null;
      }

      function escapesFixedAncestor(element: Element): boolean {
        for (let node: Element | null = element; node; node = node.parentElement) {
          if (getComputedStyle(node).position === "fixed") return true;
        }
        return false;
      }

      function checkBox(element: Element, what: string) {
        const box = element.getBoundingClientRect();
        if (box.left < -TOLERANCE || box.right > viewportWidth + TOLERANCE) {
          violations.push(`${what} ${describe(element)} is outside the viewport: x ${round(box.left)}–${round(box.right)} of ${viewportWidth}`);
          return;
        }
        if (escapesFixedAncestor(element) && (box.top < -TOLERANCE || box.bottom > viewportHeight + TOLERANCE)) {
          // Fixed boxes do not scroll with the page: below the fold they are out of reach.
          const clip = clippingAncestor(element);
          if (!clip?.scrollsY) {
            violations.push(`${what} ${describe(element)} is outside the viewport: y ${round(box.top)}–${round(box.bottom)} of ${viewportHeight}`);
            return;
          }
        }
        const clip = clippingAncestor(element);
        if (!clip) return;
        const outer = clip.element.getBoundingClientRect();
        const outX = box.left < outer.left - TOLERANCE || box.right > outer.right + TOLERANCE;
        const outY = box.top < outer.top - TOLERANCE || box.bottom > outer.bottom + TOLERANCE;
        if (outX && !clip.scrollsX) {
          violations.push(`${what} ${describe(element)} is cut off by ${describe(clip.element)}: x ${round(box.left)}–${round(box.right)}, container ${round(outer.left)}–${round(outer.right)}`);
        } else if (outY && !clip.scrollsY) {
          violations.push(`${what} ${describe(element)} is cut off by ${describe(clip.element)}: y ${round(box.top)}–${round(box.bottom)}, container ${round(outer.top)}–${round(outer.bottom)}`);
        } else if (outX && clip.scrollsX) {
          violations.push(`${what} ${describe(element)} needs horizontal scrolling inside ${describe(clip.element)}`);
        }
      }

      // 1. The page itself.
      if (document.documentElement.scrollWidth > viewportWidth) {
        violations.push(`the page scrolls sideways: scrollWidth ${document.documentElement.scrollWidth} > ${viewportWidth}`);
      }

      // 2. Controls: inside the viewport and their clipping box, and big enough to hit.
      const controls = [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])")];
      for (const control of controls) {
        if (!isRendered(control)) continue;
        checkBox(control, "control");
        // A radio or checkbox is hit through its label; the label is the target.
        const isToggle = control instanceof HTMLInputElement && (control.type === "radio" || control.type === "checkbox");
        const target = isToggle ? (control.closest("label") ?? control) : control;
        const box = target.getBoundingClientRect();
        // Links inside running text are exempt (WCAG 2.5.8 "inline").
        const inline = getComputedStyle(target).display === "inline" && (target.parentElement?.textContent ?? "").trim().length > (target.textContent ?? "").trim().length;
        if (!inline && (box.width < minTarget - TOLERANCE || box.height < minTarget - TOLERANCE)) {
          violations.push(`target ${describe(target)} is ${round(box.width)} × ${round(box.height)} px, under ${minTarget} × ${minTarget}`);
        }
      }

      // 3. Text cut off mid-line: an element with its own text that is wider than its box (ellipsis is deliberate).
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const textParents = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent?.trim() && node.parentElement) textParents.add(node.parentElement);
      }
      for (const element of textParents) {
        if (["SCRIPT", "STYLE", "NOSCRIPT", "TITLE", "OPTION"].includes(element.tagName) || !isRendered(element)) continue;
        const style = getComputedStyle(element);
        if (style.display === "inline" || style.textOverflow === "ellipsis") continue;
        if (element.scrollWidth > element.clientWidth + 1) {
          violations.push(`text ${describe(element)} is cut off: ${element.scrollWidth} px of text in ${element.clientWidth} px`);
        } else if (!controls.includes(element)) {
          checkBox(element, "text");
        }
      }

      // 4. Named containers: on screen, whole, and on top.
      const named = [...containerSelectors.map((selector) => ({ selector, whole: false })), ...wholeContainerSelectors.map((selector) => ({ selector, whole: true }))];
      for (const { selector, whole } of named) {
        for (const container of document.querySelectorAll(selector)) {
          if (!isRendered(container)) continue;
          const box = container.getBoundingClientRect();
          const label = `container ${selector}`;
          if (box.left < -TOLERANCE || box.right > viewportWidth + TOLERANCE || box.top < -TOLERANCE || box.bottom > viewportHeight + TOLERANCE) {
            violations.push(`${label} is not inside the viewport: ${round(box.left)},${round(box.top)}–${round(box.right)},${round(box.bottom)} of ${viewportWidth} × ${viewportHeight}`);
          }
          if (container.scrollWidth > container.clientWidth + 1 || (whole && container.scrollHeight > container.clientHeight + 1)) {
            violations.push(`${label} does not show all of its content: ${container.scrollWidth} × ${container.scrollHeight} px in ${container.clientWidth} × ${container.clientHeight}`);
          }
          const inset = 6;
          const points: [number, number][] = [
            [box.left + box.width / 2, box.top + box.height / 2],
            [box.left + inset, box.top + inset],
            [box.right - inset, box.top + inset],
            [box.left + inset, box.bottom - inset],
            [box.right - inset, box.bottom - inset],
          ];
          for (const [x, y] of points) {
            if (x < 0 || y < 0 || x > viewportWidth || y > viewportHeight) continue;
            const hit = document.elementFromPoint(x, y);
            if (hit && !container.contains(hit)) {
              violations.push(`${label} is covered at ${round(x)},${round(y)} by ${describe(hit)}`);
            }
          }
        }
      }
      return violations;
    },
    { containerSelectors: options.containerSelectors ?? [], wholeContainerSelectors: options.wholeContainerSelectors ?? [], minTarget: MIN_TARGET_PX },
  );
}
