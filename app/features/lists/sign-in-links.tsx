// What a visitor who is not signed in sees in place of the favorite and collection controls: links to sign in and come back.
import { Link } from "@remix-run/react";
import { collectionControlClass, controlLabelClass, favoriteControlClass } from "~/components/release-control-classes";
import { useSignInHref } from "~/shared/sign-in-href";
import { heartIcon, ListIcon, plannedIcon } from "./list-icons";
import { listStrings } from "./strings";

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
