import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { asList, TEST_ORIGIN, TestClient } from "../test-support";

const client = new TestClient({ seed: { releases: 5 } });
afterAll(() => client.close());

describe("the demo ad campaign", () => {
  it.each(["/media/vasts", "/ads/vasts"])("%s lists one campaign whose chain is on this origin", async (path) => {
    const answer = await client.get(path);
    expect(answer.status).toBe(200);
    expect(asList(answer.body)).toEqual([
      expect.objectContaining({ url: `${TEST_ORIGIN}/api/v1/media/manifest.xml`, ad_erid: expect.any(String) }),
    ]);
  });

  it.each(["/media/manifest.xml", "/ads/vasts/chain"])(
    "%s serves a VAST 4.1 pre-roll with a local HLS creative, a skip offset and every tracking event",
    async (path) => {
      const answer = await client.get(path);
      expect(answer.headers.get("content-type")).toContain("application/xml");
      expect(answer.text).toContain('<VAST version="4.1">');
      expect(answer.text).toContain('<Linear skipoffset="00:00:05">');
      expect(answer.text).toContain(`${TEST_ORIGIN}/storage/video/demo/master.m3u8`);
      for (const event of ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "skip"]) {
        expect(answer.text).toContain(
          `<Tracking event="${event}"><![CDATA[${TEST_ORIGIN}/embedded/ads/track?ad=demo-preroll&event=${event}]]>`,
        );
      }
    },
  );

  it("declares the length its creative plays: the committed clip's, in every rendition", async () => {
    const declared = /<Duration>(\d\d):(\d\d):(\d\d)<\/Duration>/.exec((await client.get("/ads/vasts/chain")).text);
    const declaredSeconds = declared ? Number(declared[1]) * 3600 + Number(declared[2]) * 60 + Number(declared[3]) : null;
    for (const rendition of ["480", "720", "1080"]) {
      const playlist = readFileSync(new URL(`../media/video/demo/${rendition}/index.m3u8`, import.meta.url), "utf8");
      const played = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
      expect(declaredSeconds, `rendition ${rendition}`).toBe(Math.round(played));
    }
  });

  it("acknowledges tracking beacons and serves the creative", async () => {
    expect((await client.get("/embedded/ads/track?ad=demo-preroll&event=start")).status).toBe(204);
    expect((await client.get("/storage/video/demo/master.m3u8")).status).toBe(200);
  });
});

describe("the ad flags stand-in", () => {
  const form = (fields: Record<string, string>, token?: string) => ({
    token,
    rawBody: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

  it("sets the signed-in account's own ad flags, as the profile then reports them", async () => {
    const token = await client.signIn();
    const page = await client.get("/embedded/ads/flags", { token });
    expect(page.status).toBe(200);
    expect(page.text).toContain("<strong>demo</strong>");
    const saved = await client.post("/embedded/ads/flags", form({ is_with_content_ads: "1" }, token));
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Флаги сохранены.");
    const profile = (await client.get("/accounts/users/me/profile", { token })).body;
    expect(profile).toMatchObject({ is_with_video_ads: false, is_with_video_ads_always: false, is_with_content_ads: true });
  });

  it("changes nobody's flags for a caller who is not signed in, whatever login the form names", async () => {
    const token = await client.signIn();
    await client.post(
      "/embedded/ads/flags",
      form({ is_with_video_ads: "1", is_with_video_ads_always: "1", is_with_content_ads: "1" }, token),
    );
    const anonymous = await client.post("/embedded/ads/flags", form({ login: "demo" }));
    expect(anonymous.status).toBe(403);
    expect((await client.get("/embedded/ads/flags?login=demo")).status).toBe(403);
    expect((await client.post("/embedded/ads/flags", form({ login: "demo" }, "not-a-session"))).status).toBe(403);
    const profile = (await client.get("/accounts/users/me/profile", { token })).body;
    expect(profile).toMatchObject({ is_with_video_ads: true, is_with_video_ads_always: true, is_with_content_ads: true });
  });
});
