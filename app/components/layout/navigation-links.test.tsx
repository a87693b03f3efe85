import { NavLink } from "@remix-run/react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { isInSection, sectionLinks } from "./navigation-links";

/** Whether React Router's own NavLink marks the section current at this address. */
function navLinkIsActive(shownPathname: string, sectionPath: string): boolean {
  const markup = renderToStaticMarkup(
    <StaticRouter location={shownPathname}>
      <NavLink to={sectionPath}>section</NavLink>
    </StaticRouter>,
  );
  return markup.includes('aria-current="page"');
}

describe("isInSection", () => {
  const shownPaths = [
    "/",
    "/anime/catalog/",
    "/anime/catalog",
    "/Anime/Catalog/",
    "/anime/catalog/extra",
    "/anime/catalogue/",
    "/anime/schedule",
    "/anime/schedule/",
    "/anime/schedule/today",
    "/anime/schedules",
    "/anime/releases/latest/",
    "/anime/releases/release/some-alias/",
    "/media/videos/latest/2",
    "/anime/torrents",
  ];
  const sections = [...sectionLinks.map((link) => link.to), "/"];

  it.each(sections)("agrees with NavLink for the section %s", (section) => {
    for (const shown of shownPaths) expect([shown, isInSection(shown, section)]).toEqual([shown, navLinkIsActive(shown, section)]);
  });

  it("marks the catalogue current on the catalogue and below it only", () => {
    expect(isInSection("/anime/catalog/", "/anime/catalog/")).toBe(true);
    expect(isInSection("/anime/catalog/x", "/anime/catalog/")).toBe(true);
    expect(isInSection("/anime/catalogue/", "/anime/catalog/")).toBe(false);
  });
});
