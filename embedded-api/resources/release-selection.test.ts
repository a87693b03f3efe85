// A release read with a field selection answers exactly what the whole release with that selection applied is,
// though it reads and builds only what the selection can leave.
import { afterAll, describe, expect, it } from "vitest";
import { selectFields } from "../http/field-selection";
import { asJson, asList, TestClient } from "../test-support";
import { EPISODE_FIELD_NAMES } from "./release-store";

const client = new TestClient({ seed: { releases: 40 } });
afterAll(() => client.close());

const SELECTIONS: { include?: string; exclude?: string }[] = [
  // What the site asks for an episode's place (decision 0271).
  {
    exclude:
      "members,torrents,episodes.name_english,episodes.opening,episodes.ending,episodes.preview,episodes.hls_480,episodes.hls_720," +
      "episodes.hls_1080,episodes.rutube_id,episodes.youtube_id,episodes.updated_at",
  },
  { exclude: "episodes" },
  { exclude: "episodes.opening.start,episodes.hls_720,members.user" },
  { include: "id,episodes.id,episodes.ordinal" },
  { include: "id,episodes.opening.stop,torrents.hash" },
  { include: "id,name", exclude: "episodes" },
  { include: "episodes", exclude: "episodes.id,episodes.release_id" },
  { include: "alias,members" },
];

function query(selection: { include?: string; exclude?: string }): string {
  const parameters = new URLSearchParams();
  if (selection.include) parameters.set("include", selection.include);
  if (selection.exclude) parameters.set("exclude", selection.exclude);
  return parameters.toString();
}

describe("releases with a field selection", () => {
  it("the list by ids answers the whole list with the selection applied", async () => {
    const ids = asList(asJson((await client.get("/anime/catalog/releases?limit=6")).body).data).map((release) => release.id);
    const whole = (await client.get(`/anime/releases/list?ids=${ids.join(",")}`)).body;
    expect(asList(asJson(whole).data).some((release) => asList(release.episodes).length > 0)).toBe(true);
    for (const selection of SELECTIONS) {
      const selected = await client.get(`/anime/releases/list?ids=${ids.join(",")}&${query(selection)}`);
      expect(selected.status).toBe(200);
      expect(selected.body, JSON.stringify(selection)).toEqual(selectFields(whole, selection.include ?? null, selection.exclude ?? null));
    }
  });

  it("one release answers the whole release with the selection applied", async () => {
    const [release] = asList(asJson((await client.get("/anime/catalog/releases?limit=1")).body).data);
    const whole = (await client.get(`/anime/releases/${String(release!.alias)}`)).body;
    for (const selection of SELECTIONS) {
      const selected = await client.get(`/anime/releases/${String(release!.alias)}?${query(selection)}`);
      expect(selected.body, JSON.stringify(selection)).toEqual(selectFields(whole, selection.include ?? null, selection.exclude ?? null));
    }
  });

  it("knows every field an episode is answered with", async () => {
    const [release] = asList(asJson((await client.get("/anime/catalog/releases?limit=1")).body).data);
    const whole = asJson((await client.get(`/anime/releases/${String(release!.alias)}`)).body);
    expect(Object.keys(asList(whole.episodes)[0]!)).toEqual(EPISODE_FIELD_NAMES);
  });
});
