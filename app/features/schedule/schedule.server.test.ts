// The schedule's loader against the embedded API (the default upstream): its search is the catalogue's.
import { beforeAll, describe, expect, it } from "vitest";
import { getEmbeddedApi } from "~/.server/api/transport";
import { loadSchedulePage } from "./schedule.server";
import { withLoadContext } from "../../../tests/support/load-context";

async function titlesFound(q: string) {
  const request = new Request(`http://localhost:3000/anime/schedule?q=${encodeURIComponent(q)}`);
  const data = await loadSchedulePage(withLoadContext({ request, context: {} }));
  return { titles: data.week.items.map((item) => item.release.name.main), searchedAs: data.searchedAs };
}

// Opened (and seeded) before the tests, so a page's 5 s budget measures its calls, not the database's start.
beforeAll(() => getEmbeddedApi(), 60_000);

describe("the schedule's search (decision 0256)", () => {
  it("finds «Стальное обещание» by another form of a word", async () => {
    const { titles, searchedAs } = await titlesFound("обещания");
    expect(titles).toContain("Стальное обещание");
    expect(searchedAs).toBeUndefined();
  });

  it("finds it typed in the wrong keyboard layout, and says what it searched for", async () => {
    const { titles, searchedAs } = await titlesFound("cnfkmyjt");
    expect(titles).toContain("Стальное обещание");
    expect(searchedAs).toBe("стальное");
  });
});
