// The release page's favorite and collection toggles for a signed-in user; a chunk of its own (see release-list-controls.tsx).
import type { CollectionType } from "~/domain/account";
import { CollectionToggle } from "./collection-toggle";
import { FavoriteToggle } from "./favorite-toggle";

export type ListState = { isFavorite: boolean; collection: CollectionType | null };

export function SignedInListControls({ releaseId, lists }: { releaseId: number; lists: ListState }) {
  return (
    <>
      <FavoriteToggle releaseId={releaseId} isFavorite={lists.isFavorite} signedIn />
      <CollectionToggle releaseId={releaseId} collection={lists.collection} signedIn />
    </>
  );
}
