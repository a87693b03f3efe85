import type { Request as ExpressRequest } from "express";
import { describe, expect, it } from "vitest";
import { fetchHeadersOf } from "./fetch-headers";

const request = (headers: Record<string, string | string[]>) => ({ headers }) as unknown as ExpressRequest;

describe("fetchHeadersOf", () => {
  it("copies every header, each value of a repeated one, and skips empty ones", () => {
    const headers = fetchHeadersOf(request({ cookie: "a=1", "x-many": ["one", "two"], "x-empty": "" }));
    expect([...headers]).toEqual([
      ["cookie", "a=1"],
      ["x-many", "one, two"],
    ]);
  });

  it("copies only the named headers when asked", () => {
    const headers = fetchHeadersOf(request({ range: "bytes=0-99", cookie: "a=1", "user-agent": "x" }), ["range", "if-none-match"]);
    expect([...headers]).toEqual([["range", "bytes=0-99"]]);
  });
});
