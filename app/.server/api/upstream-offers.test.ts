import { beforeEach, describe, expect, it } from "vitest";
import { UpstreamNotFoundError, UpstreamUnavailableError } from "./errors";
import { forgetMissingCalls, MISSING_REMEMBERED_MS, preferNewerCall } from "./upstream-offers";

const notFound = () => Promise.reject(new UpstreamNotFoundError({ method: "GET", path: "/media/vasts" }));

beforeEach(() => forgetMissingCalls());

describe("preferNewerCall", () => {
  it("uses the newer call where the upstream has it", async () => {
    expect(
      await preferNewerCall(
        "media vasts",
        async () => "newer",
        async () => "older",
      ),
    ).toBe("newer");
  });

  it("falls back on a 404 and asks the older way only until the remembered time is over", async () => {
    let now = 1_000;
    let newerAsked = 0;
    const newer = () => (newerAsked++, notFound());
    expect(
      await preferNewerCall(
        "media vasts",
        newer,
        async () => "older",
        () => now,
      ),
    ).toBe("older");
    expect(
      await preferNewerCall(
        "media vasts",
        newer,
        async () => "older",
        () => now,
      ),
    ).toBe("older");
    expect(newerAsked).toBe(1);
    now += MISSING_REMEMBERED_MS + 1;
    await preferNewerCall(
      "media vasts",
      newer,
      async () => "older",
      () => now,
    );
    expect(newerAsked).toBe(2);
  });

  it("passes other failures on, and remembers nothing from them", async () => {
    const down = () => Promise.reject(new UpstreamUnavailableError({ method: "GET", path: "/media/vasts" }, "network"));
    await expect(preferNewerCall("media vasts", down, async () => "older")).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(
      await preferNewerCall(
        "media vasts",
        async () => "newer",
        async () => "older",
      ),
    ).toBe("newer");
  });
});
