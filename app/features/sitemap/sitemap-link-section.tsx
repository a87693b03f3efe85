// One block of the HTML sitemap: a heading and its links in columns.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export type SitemapLink = { key: string | number; to: string; label: string; note?: string | null };

type SitemapLinkSectionProps = {
  id: string;
  heading: string;
  links: SitemapLink[];
  /** Long names (franchises, releases) get fewer, wider columns. */
  wide?: boolean;
  /** A line under the heading (e.g. which page of releases this is); passing it, even empty, tightens the heading's margin. */
  intro?: ReactNode;
  /** After the links (e.g. page links). */
  children?: ReactNode;
};

export function SitemapLinkSection({ id, heading, links, wide = false, intro, children }: SitemapLinkSectionProps) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={`${intro === undefined ? "mb-3" : "mb-1"} text-xl font-semibold`}>
        {heading}
      </h2>
      {intro}
      <ul className={wide ? "columns-1 gap-6 sm:columns-2" : "columns-1 gap-6 min-[400px]:columns-2 sm:columns-3"}>
        {links.map((link) => (
          <li key={link.key} className="py-1">
            <Link to={link.to} className="underline-offset-4 hover:underline">
              {link.label}
            </Link>
            {link.note ? <span className="text-muted"> ({link.note})</span> : null}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
