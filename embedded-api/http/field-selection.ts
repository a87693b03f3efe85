// include/exclude field selection: comma lists of dot paths; arrays are traversed; exclude wins.
type Json = unknown;

function pathsOf(list: string | null): string[][] {
  if (!list) return [];
  return list
    .split(",")
    .map((path) => path.trim())
    .filter((path) => path !== "")
    .slice(0, 100)
    .map((path) => path.split(".").filter((segment) => segment !== ""))
    .filter((segments) => segments.length > 0);
}

interface PathTree {
  [key: string]: PathTree | true;
}

function treeOf(paths: string[][]): PathTree {
  const tree: PathTree = Object.create(null) as PathTree;
  for (const segments of paths) {
    let node = tree;
    segments.forEach((segment, index) => {
      if (node[segment] === true) return;
      if (index === segments.length - 1) {
        node[segment] = true;
      } else {
        node[segment] ??= Object.create(null) as PathTree;
        node = node[segment] as PathTree;
      }
    });
  }
  return tree;
}

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function keep(value: Json, tree: PathTree): Json {
  if (Array.isArray(value)) return value.map((item) => keep(item, tree));
  if (!isPlainObject(value)) return value;
  const result: Record<string, Json> = {};
  for (const [key, selection] of Object.entries(tree)) {
    if (!(key in value)) continue;
    result[key] = selection === true ? value[key] : keep(value[key], selection);
  }
  return result;
}

// A new object rather than a copy with keys deleted: V8 turns an object it deletes from into a slow dictionary.
function drop(value: Json, tree: PathTree): Json {
  if (Array.isArray(value)) return value.map((item) => drop(item, tree));
  if (!isPlainObject(value)) return value;
  const result: Record<string, Json> = {};
  for (const key of Object.keys(value)) {
    const selection = tree[key];
    if (selection === true) continue;
    result[key] = selection === undefined ? value[key] : drop(value[key], selection);
  }
  return result;
}

/**
 * Which of `fields` (an episode's, under `episodes`) can be left of the objects under `key` once `include` and
 * `exclude` apply to a resource; null when the selection removes `key` itself. A field only reached into
 * (`episodes.opening.start`) counts as left. A producer may leave out the others: the selection would drop them.
 */
export function survivingFields(
  include: string | null,
  exclude: string | null,
  key: string,
  fields: readonly string[],
): Set<string> | null {
  const excluded = treeOf(pathsOf(exclude))[key];
  if (excluded === true) return null;
  const included = pathsOf(include);
  const under = included.length > 0 ? treeOf(included)[key] : true;
  if (under === undefined) return null;
  return new Set(fields.filter((field) => (under === true || field in under) && excluded?.[field] !== true));
}

/** `{data, meta}` (a page) or `{data}` (one resource or a list wrapped once): the selection applies inside `data`. */
function isDataEnvelope(body: Json): body is { data: Json } {
  return isPlainObject(body) && "data" in body && Object.keys(body).every((key) => key === "data" || key === "meta");
}

/**
 * How an answer holds its resources: "body" (the answer itself, or inside its `data`), or "per-key" (an object
 * of lists, as `/anime/schedule/now` answers `{today, tomorrow, yesterday}`).
 */
export type SelectionShape = "body" | "per-key";

/** Applies include/exclude to the resources of an answer, whatever its envelope (paging meta stays whole). */
export function selectFields(body: Json, include: string | null, exclude: string | null, shape: SelectionShape = "body"): Json {
  const included = pathsOf(include);
  const excluded = pathsOf(exclude);
  if (included.length === 0 && excluded.length === 0) return body;
  const apply = (value: Json): Json => {
    let result = value;
    if (included.length > 0) result = keep(result, treeOf(included));
    if (excluded.length > 0) result = drop(result, treeOf(excluded));
    return result;
  };
  if (shape === "per-key" && isPlainObject(body))
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, apply(value)]));
  if (isDataEnvelope(body)) return { ...body, data: apply(body.data) };
  return apply(body);
}
