import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { SitemapLinkSection } from "./sitemap-link-section";

const render = (element: ReactElement) => renderToStaticMarkup(<StaticRouter location="/app/sitemap">{element}</StaticRouter>);

describe("SitemapLinkSection", () => {
  it("labels the block by its heading and lists its links with their notes", () => {
    const html = render(
      <SitemapLinkSection
        id="sitemap-releases"
        heading="Релизы"
        wide
        links={[
          { key: 1, to: "/anime/releases/release/one", label: "Один", note: "2024" },
          { key: 2, to: "/anime/releases/release/two", label: "Два", note: null },
        ]}
      />,
    );
    expect(html).toContain(
      '<section aria-labelledby="sitemap-releases"><h2 id="sitemap-releases" class="mb-3 text-xl font-semibold">Релизы</h2>',
    );
    expect(html).toContain('<ul class="columns-1 gap-6 sm:columns-2">');
    expect(html).toContain(
      '<li class="py-1"><a class="underline-offset-4 hover:underline" data-discover="true" href="/anime/releases/release/one">Один</a><span class="text-muted"> (2024)</span></li>',
    );
    expect(html).toContain(
      '<li class="py-1"><a class="underline-offset-4 hover:underline" data-discover="true" href="/anime/releases/release/two">Два</a></li>',
    );
  });

  it("puts an intro under a tighter heading and extra content after the list", () => {
    const html = render(
      <SitemapLinkSection id="sitemap-genres" heading="Жанры" intro={<p>страница 1</p>} links={[]}>
        <nav>страницы</nav>
      </SitemapLinkSection>,
    );
    expect(html).toBe(
      '<section aria-labelledby="sitemap-genres"><h2 id="sitemap-genres" class="mb-1 text-xl font-semibold">Жанры</h2><p>страница 1</p><ul class="columns-1 gap-6 min-[400px]:columns-2 sm:columns-3"></ul><nav>страницы</nav></section>',
    );
  });
});
