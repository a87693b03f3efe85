import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

type HomeSectionProps = { id: string; title: string; moreHref?: string; moreLabel?: string; children: ReactNode };

export function HomeSection({ id, title, moreHref, moreLabel = "Смотреть все", children }: HomeSectionProps) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {moreHref ? (
          <Link to={moreHref} className="text-sm text-muted hover:text-ink" prefetch="intent">
            {moreLabel} →
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
