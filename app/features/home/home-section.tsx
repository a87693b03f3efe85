import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useIntentPrefetch } from "~/components/low-data";

type HomeSectionProps = {
  id: string;
  title: string;
  moreHref?: string;
  moreLabel?: string;
  /** Laid out only when scrolled near (app/styles/tailwind.css). */
  belowTheFold?: boolean;
  children: ReactNode;
};

export function HomeSection({ id, title, moreHref, moreLabel = "Смотреть все", belowTheFold = false, children }: HomeSectionProps) {
  const prefetch = useIntentPrefetch();
  return (
    // A block laid out when near keeps a few pixels of room for its focus rings. No negative margin below: it would win
    // over the page's gap between blocks and put the next one flush against this (decision 0283).
    <section aria-labelledby={id} className={belowTheFold ? "render-when-near -mx-1 -mt-1 space-y-3 p-1" : "space-y-3"}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {moreHref ? (
          <Link to={moreHref} className="py-0.5 text-sm text-muted hover:text-ink" prefetch={prefetch}>
            {moreLabel} →
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
