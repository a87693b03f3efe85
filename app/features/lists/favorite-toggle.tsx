// Adds a release to favorites or removes it (docs/product.md#states): a plain form without JavaScript, optimistic with it.
import { useAccountExtras } from "~/features/account/account-extras";
import { favoriteChange } from "./list-changes";
import { heartIcon, ListIcon } from "./list-icons";
import { shownState } from "./shown-state";
import { FavoriteSignInLink, favoriteControlClass, controlLabelClass } from "./sign-in-links";
import { listStrings } from "./strings";
import { toggleStrings } from "./toggle-strings";
import { useListFetcher } from "./use-list-fetcher";

type FavoriteToggleProps = {
  releaseId: number;
  /** Whether the page's loader saw the release in favorites; extras and the fetcher take over once they know. */
  isFavorite: boolean;
  signedIn: boolean;
  className?: string;
};

export function FavoriteToggle({ releaseId, isFavorite, signedIn, className = "" }: FavoriteToggleProps) {
  const extras = useAccountExtras();
  const list = useListFetcher("favorites", releaseId);
  if (!signedIn) return <FavoriteSignInLink className={className} />;
  const pendingChange = list.pendingForm?.get("change");
  const shown = shownState({
    pending: pendingChange === "add" ? true : pendingChange === "remove" ? false : undefined,
    confirmed: list.answer && "isFavorite" in list.answer ? list.answer.isFavorite : undefined,
    extras: extras ? extras.favoriteIds.includes(releaseId) : undefined,
    initial: isFavorite,
  });
  return (
    <form method="post" action={list.action} onSubmit={list.submit} className={className} aria-busy={list.busy}>
      <input type="hidden" name="releaseId" value={releaseId} />
      <input type="hidden" name="change" value={favoriteChange(shown)} />
      <input type="hidden" name="redirectTo" value={list.redirectTo} />
      <button
        type="submit"
        className={favoriteControlClass}
        aria-pressed={shown}
        aria-busy={list.busy}
        title={shown ? toggleStrings.favoriteRemove : listStrings.favoriteAdd}
      >
        <ListIcon path={heartIcon} outline={!shown} className={`h-5 w-5 ${shown ? "text-secondary" : ""}`} />
        <span className={controlLabelClass}>{shown ? toggleStrings.favoriteRemove : listStrings.favoriteAdd}</span>
      </button>
    </form>
  );
}
