// The page of "Вышли новые серии": the list, an empty state, or for a visitor why to sign in.
import { Link } from "@remix-run/react";
import { useSignInHref } from "~/features/lists/sign-in-links";
import { SectionHeading } from "~/features/sections/section-heading";
import type { NewEpisodesItem } from "./new-episodes";
import { NewEpisodesList } from "./new-episodes-list";
import { newEpisodesStrings as strings } from "./strings";

export function NewEpisodesPage({ items }: { items: NewEpisodesItem[] | null }) {
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
      ) : items.length === 0 ? (
        <p className="text-muted">{strings.empty}</p>
      ) : (
        <NewEpisodesList items={items} label={strings.title} />
      )}
    </>
  );
}
