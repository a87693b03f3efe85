// Checks several page tests share: a public page's metadata, and paging through a list by its links.
import { within } from "@testing-library/dom";
import { expect } from "vitest";
import { hrefOf, loadPage, metaContent, type LoadedPage, type Visitor } from "./page";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Title, a canonical address that is the page's own, a social picture, a description, and no robots ban. */
export function expectPageMeta({ document, path }: LoadedPage, title: RegExp): void {
  expect(document.title).toMatch(title);
  const pathname = new URL(path, "http://site").pathname;
  expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(new RegExp(`${escapeRegExp(pathname)}$`));
  expect(metaContent(document, "og:image")).toMatch(/^https?:\/\//);
  expect(metaContent(document, "description")).toMatch(/\S/);
  expect(document.querySelectorAll('meta[name="robots"]')).toHaveLength(0);
}

/**
 * A list's pages by their links (what a crawler follows, and a browser without JavaScript): «Показать ещё» leads to
 * page 2, where the page links mark 2 as current; «← Назад» leads back to the first page, «Страница 2» to page 2.
 */
export async function expectPaging(
  first: LoadedPage,
  visitor: Visitor,
  items: (page: LoadedPage) => HTMLElement[],
  pagesLabel: RegExp,
): Promise<void> {
  expect(items(first).length).toBeGreaterThan(0);
  const second = await loadPage(hrefOf(first.screen.getByRole("link", { name: "Показать ещё" })), visitor);
  expect(second.path).toMatch(/[?&]page=2/);
  const pages = second.screen.getByRole("navigation", { name: pagesLabel });
  expect(pages.querySelector('[aria-current="page"]')?.textContent).toBe("2");
  expect(items(second).length).toBeGreaterThan(0);
  const back = await loadPage(hrefOf(within(pages).getByRole("link", { name: "← Назад" })), visitor);
  expect(back.path).not.toMatch(/page=/);
  const backPages = back.screen.getByRole("navigation", { name: pagesLabel });
  const again = await loadPage(hrefOf(within(backPages).getByRole("link", { name: "Страница 2" })), visitor);
  expect(again.path).toMatch(/[?&]page=2/);
}
