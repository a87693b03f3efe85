import { describe, expect, it } from "vitest";
import { selectFields, survivingFields } from "./field-selection";
import { liveDateTime, withLiveDates } from "./live-dates";

const release = { id: 1, name: { main: "А", english: "A" }, poster: { src: "/p.jpg" } };

describe("include/exclude on every answer shape", () => {
  it("selects inside a page, keeping its meta whole", () => {
    const page = { data: [release], meta: { pagination: { total: 1 } } };
    expect(selectFields(page, "id,name.main", null)).toEqual({ data: [{ id: 1, name: { main: "А" } }], meta: page.meta });
  });

  it("selects inside an answer wrapped only in {data}", () => {
    expect(selectFields({ data: [release] }, "id", null)).toEqual({ data: [{ id: 1 }] });
    expect(selectFields({ data: release }, null, "poster")).toEqual({ data: { id: 1, name: release.name } });
  });

  it("selects in bare arrays and bare objects", () => {
    expect(selectFields([release, release], "id", null)).toEqual([{ id: 1 }, { id: 1 }]);
    expect(selectFields(release, "name.english", null)).toEqual({ name: { english: "A" } });
  });

  it("selects in each list of an object of lists when the route says so", () => {
    const now = { today: [{ release }], tomorrow: [], yesterday: [{ release }] };
    expect(selectFields(now, "release.id", null, "per-key")).toEqual({
      today: [{ release: { id: 1 } }],
      tomorrow: [],
      yesterday: [{ release: { id: 1 } }],
    });
  });

  it("leaves id lists and tuples alone", () => {
    expect(selectFields([3, 1], "id", null)).toEqual([3, 1]);
    expect(selectFields([["uuid", 12.5, true]], null, "time")).toEqual([["uuid", 12.5, true]]);
  });
});

describe("live date-times", () => {
  it("writes stored date-times with whole seconds and +00:00", () => {
    expect(liveDateTime("2025-01-16T08:17:44.123Z")).toBe("2025-01-16T08:17:44+00:00");
    expect(liveDateTime("2025-01-16T08:17:44Z")).toBe("2025-01-16T08:17:44+00:00");
    expect(liveDateTime("2025-01-16T08:17:44+00:00")).toBe("2025-01-16T08:17:44+00:00");
    expect(liveDateTime("Серия 2025-01-16T08:17:44.123Z")).toBe("Серия 2025-01-16T08:17:44.123Z");
  });

  it("rewrites every date in an answer without changing the answer it was given", () => {
    const answer = { data: [{ updated_at: "2026-11-20T12:00:00.000Z", tags: ["2026-11-20T12:00:00.000Z"], n: 1, none: null }] };
    const copy = structuredClone(answer);
    expect(withLiveDates(answer)).toEqual({
      data: [{ updated_at: "2026-11-20T12:00:00+00:00", tags: ["2026-11-20T12:00:00+00:00"], n: 1, none: null }],
    });
    expect(answer).toEqual(copy);
  });
});

describe("which fields of a nested list a selection can leave", () => {
  const fields = ["id", "name", "opening", "preview"];
  it("all of them, the ones named, or none", () => {
    expect(survivingFields(null, null, "episodes", fields)).toEqual(new Set(fields));
    expect(survivingFields(null, "episodes.preview,episodes.name,members", "episodes", fields)).toEqual(new Set(["id", "opening"]));
    expect(survivingFields("id,episodes.id,episodes.opening.start", null, "episodes", fields)).toEqual(new Set(["id", "opening"]));
    expect(survivingFields("episodes", "episodes.id", "episodes", fields)).toEqual(new Set(["name", "opening", "preview"]));
    expect(survivingFields(null, "episodes", "episodes", fields)).toBeNull();
    expect(survivingFields("id,name", null, "episodes", fields)).toBeNull();
  });

  it("keeps a field the selection only reaches into", () => {
    expect(survivingFields(null, "episodes.opening.start", "episodes", fields)).toEqual(new Set(fields));
  });
});
