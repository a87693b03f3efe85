// localStorage when the browser lets us use it; null in privacy modes, sandboxed frames and on the server.
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readJson(storage: KeyValueStorage | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** False when the write failed (quota, storage disabled). */
export function writeJson(storage: KeyValueStorage | null, key: string, value: unknown): boolean {
  try {
    if (!storage) return false;
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
