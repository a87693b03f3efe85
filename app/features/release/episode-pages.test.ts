import { describe, expect, it } from "vitest";
import type { Episode } from "~/domain/release";
import { EPISODES_PER_PAGE, QUEUE_BEFORE, QUEUE_SIZE, episodePage, episodeRefOf, pageOfIndex, windowAround } from "./episode-pages";

function episodes(count: number): Episode[] {
  return Array.from({ length: count }, (_, index) => ({ id: `e${index + 1}`, ordinal: index + 1, name: `Серия ${index + 1}` }) as Episode);
}

describe("episode pages", () => {
  const long = episodes(1150);

  it("cuts a long list into pages of EPISODES_PER_PAGE, naming each by its first and last episode", () => {
    const page = episodePage(long, 3);
    expect(page.items).toHaveLength(EPISODES_PER_PAGE);
    expect(page.items[0]!.id).toBe("e201");
    expect(page).toMatchObject({ page: 3, pageCount: 12, total: 1150 });
    expect(page.pages).toHaveLength(12);
    expect(page.pages[11]).toEqual({
      page: 12,
      first: { id: "e1101", ordinal: 1101, name: null },
      last: { id: "e1150", ordinal: 1150, name: null },
    });
  });

  it("clamps pages outside the list instead of failing", () => {
    expect(episodePage(long, 99).page).toBe(12);
    expect(episodePage(long, 99).items).toHaveLength(50);
    expect(episodePage(long, 0).page).toBe(1);
    expect(episodePage([], 5)).toMatchObject({ page: 1, pageCount: 1, total: 0, items: [], pages: [] });
  });

  it("gives a short list one page and no page links", () => {
    const page = episodePage(episodes(12), 1);
    expect(page.items).toHaveLength(12);
    expect(page.pages).toEqual([]);
  });

  it("knows the page of a position", () => {
    expect(pageOfIndex(0)).toBe(1);
    expect(pageOfIndex(99)).toBe(1);
    expect(pageOfIndex(100)).toBe(2);
    expect(pageOfIndex(-1)).toBe(1);
  });

  it("keeps the name only of unnumbered episodes", () => {
    expect(episodeRefOf({ id: "s", ordinal: null, name: "Спецвыпуск" } as Episode)).toEqual({ id: "s", ordinal: null, name: "Спецвыпуск" });
    expect(episodeRefOf({ id: "e", ordinal: 4, name: "Четвёртая" } as Episode)).toEqual({ id: "e", ordinal: 4, name: null });
  });
});

describe("the queue's window", () => {
  const long = episodes(1150);

  it("holds QUEUE_SIZE episodes from QUEUE_BEFORE before the current one", () => {
    const around = windowAround(long, "e500");
    expect(around.items).toHaveLength(QUEUE_SIZE);
    expect(around.firstIndex).toBe(499 - QUEUE_BEFORE);
    expect(around.total).toBe(1150);
  });

  it("always holds the current episode's neighbours, at either end", () => {
    for (const id of ["e1", "e2", "e1149", "e1150"]) {
      const around = windowAround(long, id);
      const index = around.items.findIndex((item) => item.id === id);
      expect(index, id).toBeGreaterThanOrEqual(0);
      if (id !== "e1") expect(around.items[index - 1]).toBeDefined();
      if (id !== "e1150") expect(around.items[index + 1]).toBeDefined();
    }
  });

  it("is the whole list of a short release", () => {
    expect(windowAround(episodes(12), "e7")).toEqual({ items: episodes(12), firstIndex: 0, total: 12 });
  });
});
