import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { sectionLinks } from "~/components/layout/navigation-links";
import { pageMeta } from "~/features/seo/page-meta";
import { ru } from "~/i18n/ru";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Аниме онлайн с русской озвучкой" });

export default function HomePage() {
  return (
    <div className="space-y-8">
      <section className="rounded-xl bg-surface p-6 md:p-10">
        <h1 className="text-3xl font-bold md:text-4xl">Аниме онлайн с русской озвучкой</h1>
        <p className="mt-3 max-w-2xl text-muted">{ru.site.defaultDescription}</p>
      </section>
      <nav aria-label="Разделы" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {sectionLinks.map((link) => (
          <Link key={link.to} to={link.to} className="rounded-lg border border-line bg-surface p-4 font-semibold hover:border-secondary">
            {link.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
