import { describe, expect, it } from "vitest";
import { createServerClock, sampleOffset } from "./server-clock";

// The server's clock runs 5,000 ms ahead of the browser's in every case below.
const AHEAD = 5_000;
/** A request sent at `sentAt` whose way there takes `there` ms and way back `back` ms. */
const request = (sentAt: number, there: number, back: number) => ({
  sentAt,
  serverNow: sentAt + there + AHEAD,
  answeredAt: sentAt + there + back,
});

describe("the server's clock as a member knows it", () => {
  it("places the server's time in the middle of the round trip", () => {
    expect(sampleOffset(request(1_000, 20, 20))).toEqual({ offset: AHEAD, error: 20 });
    // Lopsided ways: off by half their difference, within half the round trip.
    const lopsided = sampleOffset(request(1_000, 90, 10));
    expect(lopsided.offset).toBe(AHEAD + 40);
    expect(Math.abs(lopsided.offset - AHEAD)).toBeLessThanOrEqual(lopsided.error);
  });

  it("takes the sample with the shortest round trip, whatever came before or after it", () => {
    const clock = createServerClock();
    clock.beginRound();
    clock.add(request(0, 300, 20));
    clock.add(request(1_000, 6, 4));
    clock.add(request(2_000, 20, 250));
    expect(clock.offset()).toBe(AHEAD + 1);
    expect(clock.oneWay()).toBe(5);
  });

  it("starts afresh on a new round: its quickest sample replaces the old estimate even if slower", () => {
    const clock = createServerClock();
    clock.beginRound();
    clock.add(request(0, 2, 2));
    expect(clock.offset()).toBe(AHEAD);
    // The browser's clock was set back 700 ms meanwhile (a sleep, a correction): the server is now 5,700 ms ahead.
    clock.beginRound();
    clock.add({ sentAt: 10_000, serverNow: 10_000 + 50 + AHEAD + 700, answeredAt: 10_000 + 100 });
    clock.add({ sentAt: 11_000, serverNow: 11_000 + 10 + AHEAD + 700, answeredAt: 11_000 + 20 });
    expect(clock.offset()).toBe(AHEAD + 700);
    expect(clock.oneWay()).toBe(10);
  });

  it("goes by the events' timestamps before any request has come back, and ignores an impossible sample", () => {
    const clock = createServerClock();
    expect(clock.offset()).toBe(0);
    // Views made at server times that arrived 30, 12 and 400 ms later: the quickest delivery is the best bound.
    clock.addView(1_000 + AHEAD, 1_030);
    clock.addView(2_000 + AHEAD, 2_012);
    clock.addView(3_000 + AHEAD, 3_400);
    expect(clock.offset()).toBe(AHEAD - 12);
    clock.add({ sentAt: 5_000, serverNow: 9_999, answeredAt: 4_000 });
    expect(clock.offset()).toBe(AHEAD - 12);
    clock.add(request(6_000, 3, 3));
    expect(clock.offset()).toBe(AHEAD);
  });
});
