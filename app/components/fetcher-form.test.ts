import { afterEach, describe, expect, it, vi } from "vitest";
import { markedAsSentByFetcher, sentByFetcher } from "./fetcher-form";

class FakeButton extends EventTarget {
  constructor(
    readonly name: string,
    readonly value: string,
  ) {
    super();
  }
}

function fields(entries: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(entries)) formData.set(name, value);
  return formData;
}

describe("components/fetcher-form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("marks a form's fields as sent by a fetcher", () => {
    const formData = markedAsSentByFetcher(fields({ theme: "light", redirectTo: "/a" }), null);
    expect([...formData.entries()]).toEqual([
      ["theme", "light"],
      ["redirectTo", "/a"],
      ["via", "fetcher"],
    ]);
    expect(sentByFetcher(formData)).toBe(true);
  });

  it("adds the clicked button's name and value, as the browser would, and not an unnamed button's", () => {
    vi.stubGlobal("HTMLButtonElement", FakeButton);
    expect(markedAsSentByFetcher(fields({ releaseId: "7" }), new FakeButton("change", "remove")).get("change")).toBe("remove");
    expect([...markedAsSentByFetcher(fields({ releaseId: "7" }), new FakeButton("", "x")).keys()]).toEqual(["releaseId", "via"]);
  });

  it("takes a form the browser posted itself for what it is", () => {
    expect(sentByFetcher(fields({ theme: "dark" }))).toBe(false);
    expect(sentByFetcher(fields({ theme: "dark", via: "a fetcher, honestly" }))).toBe(false);
  });
});
