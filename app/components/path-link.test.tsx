import { Link } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { isPlainPath, PathLink } from "./path-link";

const render = (element: ReactElement, location = "/anime/catalog/") =>
  renderToStaticMarkup(<StaticRouter location={location}>{element}</StaticRouter>);

describe("PathLink", () => {
  const plainPaths = [
    "/",
    "/anime/catalog/",
    "/anime/releases/release/na%C3%AFve-alias",
    "/me/data",
    "/anime/catalog/?page=2",
    "/anime/catalog/?from=1&page=2",
    "/app/auth/login?redirectTo=%2Fanime%2Fcatalog%2F%3Fpage%3D2",
    "/?q=%D0%B0",
  ];
  // Not plain: React Router's own <Link> resolves these (dot segments, fragments, an empty query, other forms).
  const otherPaths = [
    "/anime/../me/favorites/",
    "/anime/./catalog",
    "/anime/catalog/?",
    "/anime/catalog/?page=2#list",
    "/anime/catalog#filters",
    "relative/path",
    "https://example.org/elsewhere",
  ];
  const paths = [...plainPaths, ...otherPaths];

  it.each(paths)("renders the same anchor as Remix's Link for %s, marked when the path is plain", (to) => {
    const props = { className: "hover:underline", tabIndex: -1, "aria-hidden": true as const };
    for (const location of ["/anime/catalog/", "/anime/releases/release/one/episodes"]) {
      const markup = render(
        <PathLink to={to} prefetch="intent" {...props}>
          Title
        </PathLink>,
        location,
      );
      expect(markup.includes(' data-path-link="intent"')).toBe(isPlainPath(to));
      expect(markup.replace(' data-path-link="intent"', "")).toBe(
        render(
          <Link to={to} prefetch="intent" {...props}>
            Title
          </Link>,
          location,
        ),
      );
    }
  });

  it("marks a plain link without intent prefetching with an empty marker", () => {
    expect(render(<PathLink to="/anime/catalog/">Каталог</PathLink>)).toBe(
      '<a data-discover="true" data-path-link="" href="/anime/catalog/">Каталог</a>',
    );
  });

  it("takes only paths that resolve to themselves as plain", () => {
    expect(paths.filter(isPlainPath)).toEqual(plainPaths);
    expect(isPlainPath("/anime//catalog")).toBe(false);
    expect(isPlainPath("/anime\\catalog")).toBe(false);
    expect(isPlainPath("")).toBe(false);
  });
});
