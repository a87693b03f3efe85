// @vitest-environment happy-dom
// The preview over the seek bar fetches a track once and keeps only the latest few: a page that plays episode after
// episode does not keep every track it has seen.
import { afterEach, describe, expect, it, vi } from "vitest";
import { render, settle } from "../../../tests/support/render-component";
import SeekPreview from "./seek-preview";

const trackOf = (episode: number) => `/media/episode-${episode}/thumbnails.vtt`;

function fetchCounter() {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    return new Response("WEBVTT\n", { status: 200 });
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("the seek preview's tracks", () => {
  it("fetches a track once while it is among the four asked last, and again once it is not", async () => {
    const asked = fetchCounter();
    const screen = render(<SeekPreview source={{ track: trackOf(1) }} time={10} at={0.5} />);
    await settle();
    const show = async (episode: number) => {
      screen.rerender(<SeekPreview source={{ track: trackOf(episode) }} time={10} at={0.5} />);
      await settle();
    };
    for (const episode of [2, 3, 4, 1, 5, 1]) await show(episode);
    expect(
      asked.filter((url) => url === trackOf(1)),
      "asked again before the fifth: kept",
    ).toHaveLength(1);
    await show(2);
    expect(
      asked.filter((url) => url === trackOf(2)),
      "asked longest ago when the fifth came: fetched again",
    ).toHaveLength(2);
  });
});
