// What a click on a favorites or collection control does (docs/product.md#states), shared by the server action and the optimistic UI.
import { COLLECTION_TYPES, type CollectionType } from "~/domain/account";

export type FavoriteChange = "add" | "remove";

/** In the list → removed; not in it → added. */
export function favoriteChange(isFavorite: boolean): FavoriteChange {
  return isFavorite ? "remove" : "add";
}

export type CollectionChange =
  | { kind: "add"; type: CollectionType }
  | { kind: "move"; from: CollectionType; type: CollectionType }
  | { kind: "remove"; type: CollectionType };

/** Not in any collection → added with the chosen type; the same type → removed; another type → moved. */
export function collectionChange(current: CollectionType | null, chosen: CollectionType): CollectionChange {
  if (current === null) return { kind: "add", type: chosen };
  if (current === chosen) return { kind: "remove", type: chosen };
  return { kind: "move", from: current, type: chosen };
}

/** The collection a release is in after the change. */
export function collectionAfter(change: CollectionChange): CollectionType | null {
  return change.kind === "remove" ? null : change.type;
}

export function isCollectionType(value: unknown): value is CollectionType {
  return typeof value === "string" && (COLLECTION_TYPES as readonly string[]).includes(value);
}

/** A collection type from the upstream (an open enum) narrowed to the five known ones; unknown → null. */
export function knownCollectionType(value: string | null | undefined): CollectionType | null {
  return isCollectionType(value) ? value : null;
}
