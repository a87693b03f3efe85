import type { Plugin } from "vite";
import { clientModuleRewrite } from "./client-module-rewrite";

const TURBO_STREAM_ESM = /turbo-stream\/dist\/turbo-stream\.mjs$/;
// From its first line to the first closing brace at the start of a line: its own.
const HYDRATE = /function hydrate\(index\) \{[\s\S]*?\n\}\n/;

// Plain JavaScript, in place of turbo-stream's own `hydrate`, with its constants and `Deferred` in scope.
const RECURSIVE_HYDRATE = `
const PENDING = {};
const SLOT = 0, SET_ELEMENT = 1;
function put(target, slot, kind, value) {
  if (kind === SET_ELEMENT) target.add(value);
  else target[slot] = value;
}
function hydrate(index) {
  const jobs = [];
  const root = [undefined];
  const value = hydrateAt(this, index, root, 0, SLOT, jobs);
  if (value !== PENDING) root[0] = value;
  for (let job = jobs.length - 1; job >= 0; job -= 1) jobs[job]();
  return root[0];
}
function hydrateAt(decoder, index, target, slot, kind, jobs) {
  switch (index) {
    case UNDEFINED: return void 0;
    case NULL: return null;
    case NAN: return NaN;
    case POSITIVE_INFINITY: return Infinity;
    case NEGATIVE_INFINITY: return -Infinity;
    case NEGATIVE_ZERO: return -0;
  }
  const { hydrated, values } = decoder;
  if (hydrated[index]) return hydrated[index];
  const value = values[index];
  if (!value || typeof value !== "object") return hydrated[index] = value;
  if (!Array.isArray(value)) {
    const object = {};
    hydrated[index] = object;
    for (const key of Object.keys(value)) {
      const name = hydrateAt(decoder, Number(key.slice(1)), undefined, undefined, SLOT, jobs);
      const property = hydrateAt(decoder, value[key], object, name, SLOT, jobs);
      object[name] = property === PENDING ? undefined : property;
    }
    return object;
  }
  if (typeof value[0] !== "string") {
    const array = [];
    hydrated[index] = array;
    for (let i = value.length - 1; i >= 0; i -= 1) {
      if (value[i] === HOLE) continue;
      const element = hydrateAt(decoder, value[i], array, i, SLOT, jobs);
      if (element !== PENDING) array[i] = element;
    }
    return array;
  }
  const [type, b, c] = value;
  switch (type) {
    case TYPE_DATE: return hydrated[index] = new Date(b);
    case TYPE_URL: return hydrated[index] = new URL(b);
    case TYPE_BIGINT: return hydrated[index] = BigInt(b);
    case TYPE_REGEXP: return hydrated[index] = new RegExp(b, c);
    case TYPE_SYMBOL: return hydrated[index] = Symbol.for(b);
    case TYPE_SET: {
      const set = new Set();
      hydrated[index] = set;
      for (let i = value.length - 1; i >= 1; i -= 1) {
        const element = hydrateAt(decoder, value[i], set, undefined, SET_ELEMENT, jobs);
        if (element !== PENDING) set.add(element);
      }
      return set;
    }
    case TYPE_MAP: {
      const map = new Map();
      hydrated[index] = map;
      const entries = [];
      for (let i = 1; i < value.length; i += 2) entries.push([]);
      jobs.push(() => {
        for (let entry = entries.length - 1; entry >= 0; entry -= 1) map.set(entries[entry][0], entries[entry][1]);
      });
      for (let i = value.length - 2; i >= 1; i -= 2) {
        const entry = entries[(i - 1) / 2];
        const key = hydrateAt(decoder, value[i], entry, 0, SLOT, jobs);
        if (key !== PENDING) entry[0] = key;
        const entryValue = hydrateAt(decoder, value[i + 1], entry, 1, SLOT, jobs);
        if (entryValue !== PENDING) entry[1] = entryValue;
      }
      return map;
    }
    case TYPE_NULL_OBJECT: {
      const object = Object.create(null);
      hydrated[index] = object;
      const keys = Object.keys(b);
      const pairs = keys.map(() => []);
      jobs.push(() => {
        for (const pair of pairs) object[pair[0]] = pair[1];
      });
      keys.forEach((key, i) => {
        const name = hydrateAt(decoder, Number(key.slice(1)), pairs[i], 0, SLOT, jobs);
        if (name !== PENDING) pairs[i][0] = name;
        const property = hydrateAt(decoder, b[key], pairs[i], 1, SLOT, jobs);
        if (property !== PENDING) pairs[i][1] = property;
      });
      return object;
    }
    case TYPE_PROMISE: {
      if (hydrated[b]) return hydrated[index] = hydrated[b];
      const deferred = new Deferred();
      decoder.deferred[b] = deferred;
      return hydrated[index] = deferred.promise;
    }
    case TYPE_ERROR: {
      const [, message, errorType] = value;
      return hydrated[index] = errorType && globalObj && globalObj[errorType] ? new globalObj[errorType](message) : new Error(message);
    }
    case TYPE_PREVIOUS_RESOLVED:
      return hydrated[index] = hydrated[b];
  }
  const { plugins } = decoder;
  // A plain object's key that decodes through a plugin: turbo-stream's encoder writes every key as a string.
  if (!Array.isArray(plugins) || target === undefined) throw new SyntaxError();
  const args = [];
  jobs.push(() => {
    for (const plugin of plugins) {
      const result = plugin(type, ...args);
      if (result) {
        put(target, slot, kind, hydrated[index] = result.value);
        return;
      }
    }
    throw new SyntaxError();
  });
  for (let i = value.length - 2; i >= 0; i -= 1) {
    const arg = hydrateAt(decoder, value[i + 1], args, i, SLOT, jobs);
    if (arg !== PENDING) args[i] = arg;
  }
  return PENDING;
}
`;

/**
 * turbo-stream decodes a page's data with a stack of closures, several per value: 5–20 ms for the 20–30 KB of a page's
 * loader data on this project's test machine, every hydration and every navigation. The browser's copy decodes the
 * same values by recursion, giving turbo-stream's own answer, identity, order and plugin calls included
 * (docs/decisions/0246).
 */
export function decodeTurboStreamByRecursion(source: string): string {
  const found = source.match(HYDRATE)?.[0] ?? "";
  const known =
    source.split("function hydrate(index) {").length === 2 && found.includes("postRun.pop()();") && source.includes("var globalObj =");
  if (!known) {
    throw new Error("turbo-stream-decoding: turbo-stream's hydrate changed; review docs/decisions/0246");
  }
  return source.replace(HYDRATE, RECURSIVE_HYDRATE);
}

export function turboStreamDecoding(): Plugin {
  return clientModuleRewrite("turbo-stream-decoding", TURBO_STREAM_ESM, decodeTurboStreamByRecursion);
}
