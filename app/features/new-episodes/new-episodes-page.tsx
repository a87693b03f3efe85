// The page of "Вышли новые серии": the list, an empty state, or for a visitor why to sign in.
import { Link } from "@remix-run/react";
import { CATALOG_PATH } from "~/features/catalog/catalog-filters";
import { useSignInHref } from "~/features/lists/sign-in-links";
import { SectionHeading } from "~/features/sections/section-heading";
import type { NewEpisodesItem } from "./new-episodes";
import { NewEpisodesList } from "./new-episodes-list";
import { newEpisodesStrings as strings } from "./strings";

/** `watchedAny`: the empty list of a viewer who has watched nothing is an invitation, not "you have seen it all". */
export function NewEpisodesPage({ items, watchedAny }: { items: NewEpisodesItem[] | null; watchedAny: boolean }) {
  const signInHref = useSignInHref();
  return (
    <>
      <SectionHeading title={strings.title} lead={strings.lead} />
      {items === null ? (
        <div className="space-y-3">
          <p>{strings.signedOut}</p>
          <Link to={signInHref} className="inline-flex h-10 items-center rounded-md bg-[#C62828] px-5 text-sm font-semibold text-white">
            {strings.signIn}
          </Link>
        </div>
      ) : items.length === 0 && !watchedAny ? (
        <div className="space-y-3" data-new-episodes-empty="nothing-watched">
          <p>{strings.nothingWatched}</p>
          <Link to={CATALOG_PATH} className="inline-flex h-10 items-center rounded-md bg-[#C62828] px-5 text-sm font-semibold text-white">
            {strings.toCatalog}
          </Link>
        </div>
      ) : items.length === 0 ? (
        <p className="text-muted" data-new-episodes-empty="all-watched">
          {strings.empty}
        </p>
      ) : (
        <NewEpisodesList items={items} label={strings.title} />
      )}
    </>
  );
}
