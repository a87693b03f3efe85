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

function drop(value: Json, tree: PathTree): Json {
  if (Array.isArray(value)) return value.map((item) => drop(item, tree));
  if (!isPlainObject(value)) return value;
  const result: Record<string, Json> = { ...value };
  for (const [key, selection] of Object.entries(tree)) {
    if (!(key in result)) continue;
    if (selection === true) delete result[key];
    else result[key] = drop(result[key], selection);
  }
  return result;
}

function isPageEnvelope(body: Json): body is { data: Json; meta: Json } {
  return isPlainObject(body) && Array.isArray(body.data) && isPlainObject(body.meta);
}

/** Applies include/exclude to the items of a page (meta stays whole) or to the body itself. */
export function selectFields(body: Json, include: string | null, exclude: string | null): Json {
  const included = pathsOf(include);
  const excluded = pathsOf(exclude);
  if (included.length === 0 && excluded.length === 0) return body;
  const apply = (value: Json): Json => {
    let result = value;
    if (included.length > 0) result = keep(result, treeOf(included));
    if (excluded.length > 0) result = drop(result, treeOf(excluded));
    return result;
  };
  if (isPageEnvelope(body)) return { ...body, data: apply(body.data) };
  return apply(body);
}
