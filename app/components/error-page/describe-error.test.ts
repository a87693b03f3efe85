import { describe, expect, it } from "vitest";
import { serverStrings } from "~/.server/strings";
import { ru } from "~/i18n/ru";
import { describeError } from "./describe-error";

describe("describeError", () => {
  it("shows the friendly text for a missing page", () => {
    const result = describeError({ status: 404, data: "Page not found: /nope" });
    expect(result).toMatchObject({ status: 404, message: ru.errors.notFound, title: "404" });
  });

  it("treats the fatal route-validation 404 the same way", () => {
    expect(describeError({ status: 404, data: "Page Not Found: /anime/genres/releasesOfGenre/abc" }).message).toBe(ru.errors.notFound);
  });

  it("says the server failed on 500", () => {
    expect(describeError({ status: 500, data: "boom" }).message).toBe(ru.errors.server);
  });

  it("says an unknown error happened on other statuses", () => {
    expect(describeError({ status: 503, data: { message: "down" } }).message).toBe(ru.errors.unknown);
    expect(describeError({ status: 404, data: "Release is gone" }).message).toBe(ru.errors.unknown);
  });

  it("falls back to the message itself, then a dash, for thrown errors", () => {
    expect(describeError(new Error("Сбой"))).toMatchObject({ status: null, message: "Сбой", title: ru.errors.titleFallback });
    expect(describeError(undefined)).toMatchObject({ message: "-", description: ru.errors.descriptionFallback });
  });

  it("tells the data server's failure in its documented text: too many requests, a bad answer, no answer", () => {
    const rateLimited = describeError({ status: 503, data: { message: serverStrings.upstreamRateLimited } });
    expect(rateLimited).toMatchObject({ message: ru.errors.unknown, upstreamText: serverStrings.upstreamRateLimited });
    expect(describeError({ status: 502, data: { message: serverStrings.upstreamBadAnswer } }).upstreamText).toBe(
      serverStrings.upstreamBadAnswer,
    );
    expect(describeError({ status: 503, statusText: "Service Unavailable" }).upstreamText).toBe(ru.errors.upstreamHint);
    expect(describeError({ status: 404, data: "Page not found: /nope" }).upstreamText).toBeNull();
  });
});
