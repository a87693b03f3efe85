import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writtenModules } from "../tests/support/written-modules";
import { decodeTurboStreamByRecursion } from "./turbo-stream-decoding";

type EncodePlugin = (value: unknown) => [string, ...unknown[]] | false | undefined;
type DecodePlugin = (type: string, ...args: unknown[]) => { value: unknown } | false | undefined;
type TurboStream = {
  encode: (input: unknown, options?: { plugins?: EncodePlugin[] }) => ReadableStream<Uint8Array>;
  decode: (
    readable: ReadableStream<Uint8Array>,
    options?: { plugins?: DecodePlugin[] },
  ) => Promise<{ value: unknown; done: Promise<void> }>;
};

const moduleFile = createRequire(import.meta.url)
  .resolve("turbo-stream")
  .replace(/turbo-stream\.js$/, "turbo-stream.mjs");
const turboStreamSource = readFileSync(moduleFile, "utf8");
const modules = writtenModules("turbo-stream-decoding");
let original: TurboStream;
let recursive: TurboStream;

beforeAll(async () => {
  original = await modules.importSource<TurboStream>("original.mjs", turboStreamSource);
  recursive = await modules.importSource<TurboStream>("recursive.mjs", decodeTurboStreamByRecursion(turboStreamSource));
});
afterAll(() => modules.remove());

class Point {
  constructor(
    readonly x: unknown,
    readonly y: unknown,
  ) {}
}
class Tag {
  constructor(readonly label: unknown) {}
}

const ENCODE_PLUGINS: EncodePlugin[] = [
  (value) => value instanceof Point && ["Point", value.x, value.y],
  (value) => value instanceof Tag && ["Tag", value.label],
];

/** The decode plugins, with a log of their calls (type and argument count), in order. */
function decodePlugins(calls: string[]): DecodePlugin[] {
  return [
    (type, ...args) => {
      calls.push(`${type}/${args.length}`);
      return type === "Point" && { value: new Point(args[0], args[1]) };
    },
    (type, ...args) => type === "Tag" && { value: new Tag(args[0]) },
  ];
}

async function streamText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  return new Response(text).body!;
}

/**
 * A decoded value written out with its shape: types, prototypes, key and iteration order, and which places hold the
 * same object (`#n`, numbered in the order first met).
 */
function describe_(value: unknown, seen = new Map<object, number>()): unknown {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : Number.isNaN(value) ? "NaN" : value;
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol") return `Symbol(${Symbol.keyFor(value)})`;
  if (value === undefined) return "undefined";
  if (value === null || typeof value !== "object") return value;
  const known = seen.get(value);
  if (known !== undefined) return `#${known}`;
  const id = seen.size;
  seen.set(value, id);
  const inner = (child: unknown) => describe_(child, seen);
  if (value instanceof Promise) return { id, promise: true };
  if (value instanceof Date) return { id, date: value.getTime() };
  if (value instanceof URL) return { id, url: value.href };
  if (value instanceof RegExp) return { id, regexp: String(value) };
  if (value instanceof Error) return { id, error: value.name, message: value.message };
  if (value instanceof Point) return { id, point: [inner(value.x), inner(value.y)] };
  if (value instanceof Tag) return { id, tag: inner(value.label) };
  if (value instanceof Set) return { id, set: [...value].map(inner) };
  if (value instanceof Map) return { id, map: [...value].map(([key, entry]) => [inner(key), inner(entry)]) };
  if (Array.isArray(value)) return { id, array: Array.from({ length: value.length }, (_, i) => (i in value ? inner(value[i]) : "hole")) };
  const prototype = Object.getPrototypeOf(value) === null ? "null" : "object";
  return { id, prototype, entries: Object.keys(value).map((key) => [key, inner((value as Record<string, unknown>)[key])]) };
}

/** A small deterministic random source (mulberry32), so that a failure names the seed that made it. */
function randomSource(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, below: (n: number) => Math.floor(next() * n) };
}

/** A random value of every kind turbo-stream carries, with shared and cyclic references and plugin values. */
function randomValue(seed: number): { value: unknown; promises: Array<[Promise<unknown>, unknown]> } {
  const random = randomSource(seed);
  const made: object[] = [];
  const promises: Array<[Promise<unknown>, unknown]> = [];
  const words = ["", "a", "_1", "__proto__", "constructor", "длинная строка", "P", "10", "-7"];
  const leaf = (): unknown => {
    const leaves = [undefined, null, NaN, -0, 0, Infinity, -Infinity, 42, -1.5, true, false, 12n, Symbol.for("s")];
    return random.below(2) === 0 ? words[random.below(words.length)] : leaves[random.below(leaves.length)];
  };
  const make = (depth: number): unknown => {
    if (depth > 4 || random.below(4) === 0) return leaf();
    if (made.length > 0 && random.below(6) === 0) return made[random.below(made.length)];
    const size = random.below(5);
    const children = () => Array.from({ length: size }, () => make(depth + 1));
    switch (random.below(13)) {
      case 0: {
        const array: unknown[] = [];
        made.push(array);
        array.push(...children());
        if (random.below(3) === 0) array[size + 2] = make(depth + 1);
        return array;
      }
      case 1: {
        const set = new Set<unknown>();
        made.push(set);
        for (const child of children()) set.add(child);
        return set;
      }
      case 2: {
        const map = new Map<unknown, unknown>();
        made.push(map);
        for (let i = 0; i < size; i += 1) map.set(random.below(3) === 0 ? make(depth + 1) : `k${i}`, make(depth + 1));
        return map;
      }
      case 3: {
        const object = Object.create(null) as Record<string, unknown>;
        made.push(object);
        for (let i = 0; i < size; i += 1) object[words[random.below(words.length)]! + i] = make(depth + 1);
        return object;
      }
      case 4:
        return new Point(make(depth + 1), make(depth + 1));
      case 5:
        return new Tag(make(depth + 1));
      case 6:
        return new Date(1_700_000_000_000 + random.below(1e9));
      case 7:
        return new URL(`https://example.org/${random.below(100)}?q=${random.below(9)}`);
      case 8:
        return new RegExp(`a${random.below(9)}+`, random.below(2) ? "gi" : "");
      case 9:
        return random.below(2) ? new Error(`ошибка ${random.below(9)}`) : new TypeError("type");
      case 10: {
        const settled = make(depth + 1);
        const promise = Promise.resolve(settled);
        promises.push([promise, settled]);
        return promise;
      }
      default: {
        const object: Record<string, unknown> = {};
        made.push(object);
        for (let i = 0; i < size; i += 1) object[words[random.below(words.length)]! + i] = make(depth + 1);
        if (random.below(5) === 0) object.self = object;
        return object;
      }
    }
  };
  return { value: make(0), promises };
}

async function decodedBoth(text: string) {
  const originalCalls: string[] = [];
  const recursiveCalls: string[] = [];
  const fromOriginal = await original.decode(streamOf(text), { plugins: decodePlugins(originalCalls) });
  const fromRecursive = await recursive.decode(streamOf(text), { plugins: decodePlugins(recursiveCalls) });
  return { fromOriginal, fromRecursive, originalCalls, recursiveCalls };
}

describe("turbo-stream decoded by recursion in the browser", () => {
  it("gives turbo-stream's own value for 400 random values: shape, order, identity and plugin calls", async () => {
    for (let seed = 1; seed <= 400; seed += 1) {
      const { value } = randomValue(seed);
      const text = await streamText(original.encode(value, { plugins: ENCODE_PLUGINS }));
      const { fromOriginal, fromRecursive, originalCalls, recursiveCalls } = await decodedBoth(text);
      expect(describe_(fromRecursive.value), `seed ${seed}`).toEqual(describe_(fromOriginal.value));
      expect(recursiveCalls, `seed ${seed}`).toEqual(originalCalls);
      await Promise.all([fromOriginal.done, fromRecursive.done]);
    }
  });

  it("settles promises sent later in the stream with the same values", async () => {
    for (let seed = 1000; seed < 1100; seed += 1) {
      const { value, promises } = randomValue(seed);
      if (promises.length === 0) continue;
      const text = await streamText(
        original.encode({ value, promises: promises.map(([promise]) => promise) }, { plugins: ENCODE_PLUGINS }),
      );
      const { fromOriginal, fromRecursive } = await decodedBoth(text);
      const settledOf = async (decoded: { value: unknown }) =>
        describe_(await Promise.all((decoded.value as { promises: Promise<unknown>[] }).promises));
      expect(await settledOf(fromRecursive), `seed ${seed}`).toEqual(await settledOf(fromOriginal));
    }
  });

  it("decodes a page's loader data, as Remix sends it", async () => {
    const page = {
      root: { preferences: { theme: "dark" }, user: null, location: { pathname: "/", search: "" } },
      "routes/_app._index": {
        latest: Array.from({ length: 12 }, (_, i) => ({
          id: i,
          alias: `release-${i}`,
          name: { main: `Релиз ${i}` },
          genres: [{ name: "Драма" }],
        })),
        poll: { question: "?", answers: [1, 2, 3] },
        continueWatching: Promise.resolve([]),
      },
    };
    const text = await streamText(original.encode(page));
    const { fromOriginal, fromRecursive } = await decodedBoth(text);
    expect(describe_(fromRecursive.value)).toEqual(describe_(fromOriginal.value));
    expect(JSON.stringify((fromRecursive.value as typeof page).root)).toBe(JSON.stringify(page.root));
  });

  it("rejects a malformed stream as turbo-stream does", async () => {
    for (const text of ['["S"', "{}", '[["UnknownType",1],1]', "[]"]) {
      const originalFailure = await original.decode(streamOf(text), { plugins: [] }).then(
        () => "decoded",
        (error: Error) => error.name,
      );
      const recursiveFailure = await recursive.decode(streamOf(text), { plugins: [] }).then(
        () => "decoded",
        (error: Error) => error.name,
      );
      expect(recursiveFailure, text).toBe(originalFailure);
    }
  });

  it("refuses a source whose hydrate it does not know", () => {
    expect(() => decodeTurboStreamByRecursion("function hydrate(index) {}")).toThrow(/turbo-stream changed|hydrate changed/);
  });
});
