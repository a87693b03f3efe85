// «С прошлого визита»: the new episodes of the viewer's bells, each a link to the player (decision 0284).
import { Link } from "@remix-run/react";
import { episodePath } from "~/domain/site-paths";
import { formatOrdinal } from "~/i18n/format";
import type { SinceLastVisitItem } from "./since-last-visit.server";
import { bellStrings } from "./strings";

export function SinceLastVisitList({ items }: { items: SinceLastVisitItem[] }) {
  const strings = bellStrings.sinceLastVisit;
  return (
    <ul
      aria-label={strings.title}
      className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,260px),1fr))] gap-3"
      data-since-last-visit=""
    >
      {items.map((item) => {
        const ordinal = formatOrdinal(item.ordinal);
        return (
          <li key={item.episodeId} className="rounded-lg bg-surface p-3">
            <Link to={episodePath(item.episodeId)} className="flex flex-col gap-1 hover:underline">
              <span className="line-clamp-2 font-semibold">{item.title}</span>
              <span className="text-sm text-muted">{ordinal ? strings.episode(ordinal) : bellStrings.push.newSpecial(item.title)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
