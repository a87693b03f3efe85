// Turns a query string into nested input: "f[years][from_year]=2016&f[types]=TV" →
// { f: { years: { from_year: "2016" }, types: "TV" } }. Repeated keys ("a[]=1&a[]=2") are comma-joined.
export type QueryValue = string | QueryObject;
export interface QueryObject {
  [key: string]: QueryValue;
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const MAX_DEPTH = 4;

function keyPath(rawKey: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
  if (!match) return [rawKey];
  const segments = [match[1] as string];
  for (const part of (match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)) {
    if (part[1] === "") break; // "key[]" means "append to key"
    segments.push(part[1] as string);
  }
  if (segments.length > MAX_DEPTH || segments.some((segment) => FORBIDDEN_KEYS.has(segment))) return null;
  return segments;
}

export function parseNestedQuery(params: URLSearchParams): QueryObject {
  const root: QueryObject = {};
  for (const [rawKey, value] of params) {
    const path = keyPath(rawKey);
    if (!path) continue;
    let node: QueryObject = root;
    let conflict = false;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      if (next === undefined) {
        const child: QueryObject = {};
        node[segment] = child;
        node = child;
      } else if (typeof next === "string") {
        conflict = true;
        break;
      } else {
        node = next;
      }
    }
    if (conflict) continue;
    const leaf = path[path.length - 1] as string;
    const existing = node[leaf];
    if (existing === undefined) node[leaf] = value;
    else if (typeof existing === "string") node[leaf] = existing === "" ? value : `${existing},${value}`;
  }
  return root;
}
