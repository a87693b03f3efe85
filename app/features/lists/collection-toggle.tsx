// Puts a release into one of the five collections, moves it, or takes it out (docs/product.md#states); PLANNED is the default choice.
import { useDetailsOpen, useMenuDismissal } from "~/components/use-details-open";
import { COLLECTION_TYPES, collectionOf, DEFAULT_COLLECTION_TYPE, type CollectionType } from "~/domain/account";
import { useAccountExtras } from "~/features/account/account-extras";
import { collectionAfter, collectionChange, isCollectionType, knownCollectionType } from "./list-changes";
import { collectionIcons } from "./collection-icons";
import { collectionLabels } from "./collection-labels";
import { ListIcon } from "./list-icons";
import { shownState } from "./shown-state";
import { CollectionSignInLink, collectionControlClass, controlLabelClass } from "./sign-in-links";
import { listStrings } from "./strings";
import { toggleStrings } from "./toggle-strings";
import { useListFetcher } from "./use-list-fetcher";

type CollectionToggleProps = {
  releaseId: number;
  /** The collection the page's loader saw the release in, or null. */
  collection: CollectionType | null;
  signedIn: boolean;
  className?: string;
};

export function CollectionToggle({ releaseId, collection, signedIn, className = "" }: CollectionToggleProps) {
  const extras = useAccountExtras();
  const list = useListFetcher("collections", releaseId);
  const { ref: menu, open, onToggle } = useDetailsOpen();
  useMenuDismissal(menu, open);
  if (!signedIn) return <CollectionSignInLink className={className} />;
  const pendingType = list.pendingForm?.get("type");
  const pendingCurrent = list.pendingForm?.get("current");
  const shown = shownState<CollectionType | null>({
    pending: isCollectionType(pendingType)
      ? collectionAfter(collectionChange(isCollectionType(pendingCurrent) ? pendingCurrent : null, pendingType))
      : undefined,
    confirmed: list.answer && "collection" in list.answer ? list.answer.collection : undefined,
    extras: extras ? knownCollectionType(collectionOf(extras.collections, releaseId)) : undefined,
    initial: collection,
  });
  // The type a click would pick when the release is in no collection yet.
  const highlighted = shown ?? DEFAULT_COLLECTION_TYPE;
  return (
    <details ref={menu} className={`anchored-menu-scope relative ${className}`} onToggle={onToggle}>
      <summary
        className={collectionControlClass}
        aria-busy={list.busy}
        title={shown ? collectionLabels[shown] : listStrings.collectionMenu}
      >
        <ListIcon path={collectionIcons[highlighted]} />
        <span className={controlLabelClass}>{shown ? collectionLabels[shown] : listStrings.collectionMenu}</span>
        <span className="sr-only">: {toggleStrings.collectionMenuLabel}</span>
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </summary>
      <form
        method="post"
        action={list.action}
        onSubmit={(event) => {
          list.submit(event);
          if (menu.current) menu.current.open = false;
        }}
        aria-busy={list.busy}
        // Next to its button wherever a pointer points, towards the page's inside (`.anchored-menu`, with or without
        // JavaScript); a sheet at the bottom of the screen only on a phone, under the thumb, where a card is narrower
        // than the menu (decisions 0255, 0265).
        className="anchored-menu absolute top-full left-0 z-20 mt-2 w-64 rounded-md border border-line bg-surface p-2 shadow-xl max-sm:fixed max-sm:inset-x-4 max-sm:top-auto max-sm:bottom-4 max-sm:z-50 max-sm:mt-0 max-sm:w-auto"
      >
        <input type="hidden" name="releaseId" value={releaseId} />
        <input type="hidden" name="current" value={shown ?? ""} />
        <input type="hidden" name="redirectTo" value={list.redirectTo} />
        <fieldset>
          <legend className="px-2 pb-1 text-xs text-muted">{toggleStrings.collectionChoices}</legend>
          <ul className="flex flex-col gap-1">
            {COLLECTION_TYPES.map((type) => {
              const isCurrent = shown === type;
              const isDefault = shown === null && type === DEFAULT_COLLECTION_TYPE;
              return (
                <li key={type}>
                  <button
                    type="submit"
                    name="type"
                    value={type}
                    aria-pressed={isCurrent}
                    className={`flex w-full items-center gap-3 rounded px-3 py-2 text-left text-sm hover:bg-surface-raised ${isCurrent ? "bg-surface-raised font-semibold" : ""} ${isDefault ? "ring-1 ring-line" : ""}`}
                  >
                    <ListIcon path={collectionIcons[type]} />
                    <span className="flex-1">{collectionLabels[type]}</span>
                    {isCurrent ? <span className="text-xs font-normal text-muted">{toggleStrings.collectionRemoveHint}</span> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      </form>
    </details>
  );
}
