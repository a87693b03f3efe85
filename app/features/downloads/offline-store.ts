// The saved episodes' records in IndexedDB, read by pages and written by the worker. Relative imports only.
import type { SavedEpisode } from "./download-state";
import { OFFLINE_EPISODES_DATABASE } from "./messages";

const STORE = "episodes";
const VERSION = 1;

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_EPISODES_DATABASE, VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: "episodeId" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB did not open"));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB transaction failed"));
      transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
    });
  } finally {
    database.close();
  }
}

export async function readSavedEpisodes(): Promise<SavedEpisode[]> {
  const records = await run("readonly", (store) => store.getAll() as IDBRequest<SavedEpisode[]>);
  return records.sort((a, b) => b.updatedAt - a.updatedAt);
}

export async function readSavedEpisode(episodeId: string): Promise<SavedEpisode | undefined> {
  return run("readonly", (store) => store.get(episodeId) as IDBRequest<SavedEpisode | undefined>);
}

export async function writeSavedEpisode(record: SavedEpisode): Promise<void> {
  await run("readwrite", (store) => store.put(record));
}

export async function deleteSavedEpisode(episodeId: string): Promise<void> {
  await run("readwrite", (store) => store.delete(episodeId));
}
