// One ReleaseStore (with its small caches) per open database.
import type { Db } from "../db/database";
import { ReleaseStore } from "./release-store";

const stores = new WeakMap<Db, ReleaseStore>();

export function storeOf(db: Db): ReleaseStore {
  let store = stores.get(db);
  if (!store) {
    store = new ReleaseStore(db);
    stores.set(db, store);
  }
  return store;
}
