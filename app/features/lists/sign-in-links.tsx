// What a visitor who is not signed in sees in place of the favorite and collection controls: links to sign in and come back.
import { Link, useLocation } from "@remix-run/react";
import { heartIcon, ListIcon, plannedIcon } from "./list-icons";
import { listStrings } from "./strings";

export const favoriteControlClass =
  "inline-flex h-10 items-center gap-2 rounded-md border border-line bg-surface px-4 text-sm font-semibold whitespace-nowrap hover:bg-surface-raised aria-busy:opacity-70 @max-[15rem]:px-3";

export const collectionControlClass =
  "inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-line bg-surface px-4 text-sm font-semibold whitespace-nowrap hover:bg-surface-raised [&::-webkit-details-marker]:hidden @max-[15rem]:px-3";

/**
 * A control's words: inside a narrow `@container` (a poster card on a phone) only the icon shows and the words are
 * left to screen readers and the tooltip, so the two controls fit side by side instead of spilling out of the card.
 */
export const controlLabelClass = "@max-[15rem]:sr-only";

/** `/app/auth/login?redirectTo=…` back to the current page. */
export function useSignInHref(): string {
  const location = useLocation();
  return `/app/auth/login?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`;
}

export function FavoriteSignInLink({ className = "" }: { className?: string }) {
  return (
    <Link to={useSignInHref()} className={`${favoriteControlClass} ${className}`} title={listStrings.signInForFavorites}>
      <ListIcon path={heartIcon} outline />
      <span className={controlLabelClass}>{listStrings.favoriteAdd}</span>
    </Link>
  );
}

export function CollectionSignInLink({ className = "" }: { className?: string }) {
  return (
    <Link to={useSignInHref()} className={`${collectionControlClass} ${className}`} title={listStrings.signInForCollections}>
      <ListIcon path={plannedIcon} />
      <span className={controlLabelClass}>{listStrings.collectionMenu}</span>
    </Link>
  );
}
