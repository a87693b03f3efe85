// The releases two blocks of one request ask for by id are asked for once.
import { describe, expect, it } from "vitest";
import type { ApiCalls, ApiHandle } from "~/.server/api/handle";
import type { Release } from "~/domain/release";
import { releasesOfRequestByIds } from "./releases-of-request.server";

function upstream() {
  const asked: number[][] = [];
  const calls = {
    releases: {
      byIds: async ({ ids }: { ids: number[] }) => {
        asked.push(ids);
        return { items: ids.filter((id) => id !== 404).map((id) => ({ id }) as Release) };
      },
    },
  } as unknown as ApiCalls;
  return { asked, calls };
}

describe("one request's releases by id", () => {
  it("asks once for the ids two blocks share, and again for another request", async () => {
    const { asked, calls } = upstream();
    const request = {} as ApiHandle;
    const [first, second] = await Promise.all([
      releasesOfRequestByIds(request, calls, [60, 59]),
      releasesOfRequestByIds(request, calls, [59, 60, 7, 404]),
    ]);
    expect(first.map((release) => release.id)).toEqual([60, 59]);
    expect(second.map((release) => release.id)).toEqual([59, 60, 7]);
    expect(asked).toEqual([
      [60, 59],
      [7, 404],
    ]);
    await releasesOfRequestByIds({} as ApiHandle, calls, [60]);
    expect(asked).toHaveLength(3);
  });

  it("asks at most fifty a call", async () => {
    const { asked, calls } = upstream();
    const ids = Array.from({ length: 120 }, (_, index) => index + 1);
    expect(await releasesOfRequestByIds({} as ApiHandle, calls, ids)).toHaveLength(120);
    expect(asked.map((chunk) => chunk.length)).toEqual([50, 50, 20]);
  });
});
