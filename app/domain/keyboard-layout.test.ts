import { describe, expect, it } from "vitest";
import { searchWithLayoutRetry, switchKeyboardLayout } from "./keyboard-layout";

describe("switchKeyboardLayout", () => {
  it("reads Latin typed on the Russian layout as Cyrillic, punctuation keys included", () => {
    expect(switchKeyboardLayout("[hfybntkb")).toBe("хранители");
    expect(switchKeyboardLayout("uhjpjdjq vfzr")).toBe("грозовой маяк");
    expect(switchKeyboardLayout("Db;e")).toBe("Вижу");
    expect(switchKeyboardLayout(",tcrjytxyjcnm")).toBe("бесконечность");
  });

  it("reads Cyrillic typed on the English layout as Latin", () => {
    expect(switchKeyboardLayout("лууз")).toBe("keep");
    expect(switchKeyboardLayout("ЫещкьнЖ")).toBe("Stormy:");
  });

  it("leaves mixed, letterless and unchanged text alone", () => {
    expect(switchKeyboardLayout("маяк keepers")).toBeNull();
    expect(switchKeyboardLayout("2024")).toBeNull();
    expect(switchKeyboardLayout("")).toBeNull();
  });
});

describe("searchWithLayoutRetry", () => {
  const titles = ["хранители маяка", "keepers"];
  const run = async (search: string | undefined) => titles.filter((title) => search && title.includes(search));
  const isEmpty = (found: string[]) => found.length === 0;

  it("retries a search that finds nothing in the other layout and says which text it searched", async () => {
    expect(await searchWithLayoutRetry("[hfybntkb", run, isEmpty)).toEqual({ result: ["хранители маяка"], searchedAs: "хранители" });
  });

  it("keeps what the text as typed finds, and the empty answer when the retry finds nothing too", async () => {
    expect(await searchWithLayoutRetry("keep", run, isEmpty)).toEqual({ result: ["keepers"] });
    expect(await searchWithLayoutRetry("zzz", run, isEmpty)).toEqual({ result: [] });
    expect(await searchWithLayoutRetry(undefined, run, isEmpty)).toEqual({ result: [] });
  });
});
