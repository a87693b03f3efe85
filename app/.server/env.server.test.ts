import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const production = { NODE_ENV: "production", SESSION_SECRET: "a-production-secret-that-is-long-enough-0123" };

describe("TRUST_PROXY", () => {
  it("is a number of proxy hops: false is none, true is one", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "TRUE" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });

  it("or the proxies' addresses, CIDR ranges and proxy-addr's named ranges", () => {
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, 2001:db8::/32 ,192.0.2.7" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "2001:db8::/32",
      "192.0.2.7",
    ]);
  });

  it("stops the start naming what it did not understand", () => {
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY: "yes" is not/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY: "10.0.0.0\/33" is not/);
    expect(() => parseEnv({ TRUST_PROXY: "proxy.example" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "11" })).toThrow(/at most 10 proxy hops/);
  });
});

describe("allowedHosts", () => {
  it("is any host in development", () => {
    expect(parseEnv({}).allowedHosts).toBeNull();
  });

  it("is this machine's names in production without SITE_URL or ALLOWED_HOSTS", () => {
    expect(parseEnv(production).allowedHosts).toEqual(["localhost", "127.0.0.1", "[::1]"]);
    expect(parseEnv({ ...production, ALLOWED_HOSTS: " , " }).allowedHosts).toEqual(["localhost", "127.0.0.1", "[::1]"]);
  });

  it("is SITE_URL's host plus ALLOWED_HOSTS once configured", () => {
    expect(parseEnv({ ...production, SITE_URL: "https://AniLibria.example/" }).allowedHosts).toEqual(["anilibria.example"]);
    expect(
      parseEnv({ ...production, SITE_URL: "https://anilibria.example", ALLOWED_HOSTS: "www.anilibria.example, Mirror.example" })
        .allowedHosts,
    ).toEqual(["anilibria.example", "www.anilibria.example", "mirror.example"]);
    expect(parseEnv({ ...production, ALLOWED_HOSTS: "anilibria.example" }).allowedHosts).toEqual(["anilibria.example"]);
    expect(parseEnv({ ALLOWED_HOSTS: "localhost" }).allowedHosts).toEqual(["localhost"]);
  });

  it("refuses ALLOWED_HOSTS entries with a scheme or a port", () => {
    expect(() => parseEnv({ ALLOWED_HOSTS: "https://anilibria.example" })).toThrow(/ALLOWED_HOSTS/);
    expect(() => parseEnv({ ALLOWED_HOSTS: "anilibria.example:443" })).toThrow(/ALLOWED_HOSTS/);
  });
});

describe("VAST_URL", () => {
  it("defaults to the API's own chain on the embedded API and to the API's list of campaigns on a live API", () => {
    expect(parseEnv({}).vastTag).toEqual({ kind: "api" });
    expect(parseEnv({ UPSTREAM_URL: "https://api.example/api/v1" }).vastTag).toEqual({ kind: "list" });
  });

  it("is the operator's tag, or off", () => {
    expect(parseEnv({ VAST_URL: "https://ads.example/vast?slot=preroll", UPSTREAM_URL: "https://api.example/api/v1" }).vastTag).toEqual({
      kind: "url",
      url: "https://ads.example/vast?slot=preroll",
    });
    expect(parseEnv({ VAST_URL: "off" }).vastTag).toBeNull();
    expect(parseEnv({ VAST_URL: " " }).vastTag).toEqual({ kind: "api" });
  });

  it("stops the start on anything else", () => {
    expect(() => parseEnv({ VAST_URL: "ftp://ads.example/vast" })).toThrow(/VAST_URL/);
    expect(() => parseEnv({ VAST_URL: "ads.example" })).toThrow(/VAST_URL/);
  });
});

describe("UPSTREAM_MAX_ANSWER_MB", () => {
  it("is 4 MB unless set, given in bytes to the outbound fetch", () => {
    expect(parseEnv({}).upstreamMaxAnswerBytes).toBe(4 * 1024 * 1024);
    expect(parseEnv({ UPSTREAM_MAX_ANSWER_MB: "16" }).upstreamMaxAnswerBytes).toBe(16 * 1024 * 1024);
  });

  it("stops the start on no cap, a fraction or more than 64 MB", () => {
    for (const value of ["0", "1.5", "65", "lots"])
      expect(() => parseEnv({ UPSTREAM_MAX_ANSWER_MB: value })).toThrow(/UPSTREAM_MAX_ANSWER_MB/);
  });
});

describe("WATCH_TOGETHER_BUFFER_WAIT_SECONDS", () => {
  it("is 10 s unless set", () => {
    expect(parseEnv({}).WATCH_TOGETHER_BUFFER_WAIT_SECONDS).toBe(10);
    expect(parseEnv({ WATCH_TOGETHER_BUFFER_WAIT_SECONDS: "4" }).WATCH_TOGETHER_BUFFER_WAIT_SECONDS).toBe(4);
  });

  it("stops the start on no wait, a fraction or more than a minute", () => {
    for (const value of ["0", "2.5", "61", "long"])
      expect(() => parseEnv({ WATCH_TOGETHER_BUFFER_WAIT_SECONDS: value })).toThrow(/WATCH_TOGETHER_BUFFER_WAIT_SECONDS/);
  });
});

describe("REDIS_URL", () => {
  it("is unset when empty, a redis:// or rediss:// URL otherwise", () => {
    expect(parseEnv({ REDIS_URL: " " }).REDIS_URL).toBeUndefined();
    expect(parseEnv({ REDIS_URL: "redis://:secret@redis:6379/2" }).REDIS_URL).toBe("redis://:secret@redis:6379/2");
    expect(parseEnv({ REDIS_URL: "rediss://cache.example:6380" }).REDIS_URL).toBe("rediss://cache.example:6380");
  });

  it("stops the start on anything else", () => {
    expect(() => parseEnv({ REDIS_URL: "http://redis:6379" })).toThrow(/REDIS_URL/);
    expect(() => parseEnv({ REDIS_URL: "redis:6379" })).toThrow(/REDIS_URL/);
  });
});

describe("UPSTREAM_URL and UPSTREAM_MEDIA_URL (mirrors)", () => {
  it("one host works as it always did: the API at it, media at its origin", () => {
    const env = parseEnv({ UPSTREAM_URL: "https://api.example/api/v1/" });
    expect(env.UPSTREAM_URL).toBe("https://api.example/api/v1");
    expect(env.upstreamUrls).toEqual(["https://api.example/api/v1"]);
    expect(env.mediaOrigin).toBe("https://api.example");
    expect(env.mediaOrigins).toEqual(["https://api.example"]);
  });

  it("takes comma-separated lists, trimmed, in order of preference", () => {
    const env = parseEnv({
      UPSTREAM_URL: " https://a.example/api/v1 , https://b.example/ ,",
      UPSTREAM_MEDIA_URL: "https://cache-1.example,https://cache-2.example/",
    });
    expect(env.UPSTREAM_URL).toBe("https://a.example/api/v1");
    expect(env.upstreamUrls).toEqual(["https://a.example/api/v1", "https://b.example"]);
    expect(env.mediaOrigins).toEqual(["https://cache-1.example", "https://cache-2.example"]);
    expect(env.mediaOrigin).toBe("https://cache-1.example");
  });

  it("without media hosts, the API hosts' origins serve the media", () => {
    expect(parseEnv({ UPSTREAM_URL: "https://a.example/api/v1,https://b.example/api/v1" }).mediaOrigins).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
  });

  it("unset or empty is the embedded API", () => {
    for (const UPSTREAM_URL of [undefined, "", " , "]) {
      const env = parseEnv({ UPSTREAM_URL });
      expect(env.UPSTREAM_URL).toBeUndefined();
      expect(env.upstreamUrls).toEqual([]);
      expect(env.mediaOrigins).toEqual([]);
    }
  });

  it("stops the start on a bad entry, naming the setting", () => {
    expect(() => parseEnv({ UPSTREAM_URL: "https://a.example, b.example" })).toThrow(/UPSTREAM_URL: "b.example" is not an http\(s\) URL/);
    expect(() => parseEnv({ UPSTREAM_MEDIA_URL: "ftp://cache.example" })).toThrow(
      /UPSTREAM_MEDIA_URL: "ftp:\/\/cache.example" is not an http\(s\) URL/,
    );
    expect(() => parseEnv({ UPSTREAM_URL: "https://a.example,https://a.example/" })).toThrow(/UPSTREAM_URL: lists the same URL twice/);
  });
});

describe("HEALTHZ_TOKEN", () => {
  it("is unset when empty, kept when long enough, and a short one stops the start", () => {
    expect(parseEnv({}).HEALTHZ_TOKEN).toBeUndefined();
    expect(parseEnv({ HEALTHZ_TOKEN: "  " }).HEALTHZ_TOKEN).toBeUndefined();
    expect(parseEnv({ HEALTHZ_TOKEN: " monitor-token-0123456789 " }).HEALTHZ_TOKEN).toBe("monitor-token-0123456789");
    expect(() => parseEnv({ HEALTHZ_TOKEN: "short" })).toThrow(/HEALTHZ_TOKEN: must be at least 16 characters long/);
  });
});

describe("notifications", () => {
  const pair = { VAPID_PUBLIC_KEY: `B${"a".repeat(86)}`, VAPID_PRIVATE_KEY: "k".repeat(43) };

  it("keep their own SQLite file, not the embedded API's", () => {
    expect(parseEnv({}).NOTIFICATIONS_DB).toBe("./data/notifications.sqlite");
    expect(parseEnv({}).NOTIFICATIONS_DB).not.toBe(parseEnv({}).EMBEDDED_API_DB);
  });

  it("push only with both VAPID keys, signed by CONTACT_EMAIL unless told otherwise", () => {
    expect(parseEnv({}).vapid).toBeNull();
    expect(parseEnv({ ...pair, CONTACT_EMAIL: "ops@example.com" }).vapid).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
      subject: "mailto:ops@example.com",
    });
    expect(parseEnv({ ...pair, VAPID_SUBJECT: "https://example.com/contact" }).vapid?.subject).toBe("https://example.com/contact");
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together/,
    );
    expect(() => parseEnv({ ...pair, VAPID_PRIVATE_KEY: "short" })).toThrow(/VAPID_PRIVATE_KEY: must be a base64url P-256 private key/);
    expect(() => parseEnv({ ...pair, VAPID_SUBJECT: "ops@example.com" })).toThrow(/VAPID_SUBJECT: must be a mailto: or https: address/);
    expect(() => parseEnv({ NOTIFICATION_SENDER: "maybe" })).toThrow(/NOTIFICATION_SENDER/);
  });
});
