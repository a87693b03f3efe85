import { webcrypto } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { deviceHash, sha256Hex } from "./device-hash";
import { FINGERPRINT_TIMEOUT_MS } from "./fingerprint-timeout";
import { LISTING_PATH, postFingerprint } from "./report-fingerprint";
import { THIRD_PARTY_AGENT_URL, thirdPartyVisitorId } from "./third-party-agent";

const subtle = webcrypto.subtle as SubtleCrypto;

describe("device hash", () => {
  it("is a SHA-256 in hex over the signals in order", async () => {
    expect(await sha256Hex("abc", subtle)).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const first = await deviceHash(["Mozilla/5.0", "ru-RU,ru", "1920x1080x24@1"], subtle);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await deviceHash(["Mozilla/5.0", "ru-RU,ru", "1920x1080x24@1"], subtle)).toBe(first);
    expect(await deviceHash(["ru-RU,ru", "Mozilla/5.0", "1920x1080x24@1"], subtle)).not.toBe(first);
    // Joined with a separator that cannot occur, so moving text between signals changes the hash.
    expect(await deviceHash(["ab", "c"], subtle)).not.toBe(await deviceHash(["a", "bc"], subtle));
  });
});

describe("postFingerprint", () => {
  it("posts {pl, wtchd: null} to the listing call with a 5 s timeout", async () => {
    const fetcher = vi.fn(async () => Response.json({}));
    await expect(postFingerprint("f".repeat(64), fetcher)).resolves.toBe("f".repeat(64));
    const [path, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(LISTING_PATH);
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ pl: "f".repeat(64), wtchd: null });
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(FINGERPRINT_TIMEOUT_MS).toBe(5000);
  });

  it("reads the answer to the end, so the request closes instead of waiting for its timeout", async () => {
    const answer = Response.json({});
    await postFingerprint("x", async () => answer);
    expect(answer.bodyUsed).toBe(true);
  });

  it("returns null on a failed answer, a network error or the timeout", async () => {
    await expect(postFingerprint("x", async () => new Response(null, { status: 422 }))).resolves.toBeNull();
    await expect(postFingerprint("x", async () => Promise.reject(new TypeError("offline")))).resolves.toBeNull();
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    await expect(postFingerprint("x", hanging, 20)).resolves.toBeNull();
  });
});

describe("thirdPartyVisitorId", () => {
  it("loads the agent for the configured key and links its visitor to our hash", async () => {
    const get = vi.fn(async () => ({ visitorId: "visitor-1" }));
    const loadAgent = vi.fn(async () => ({ load: async () => ({ get }) }));
    await expect(thirdPartyVisitorId("public key", "hash", loadAgent)).resolves.toBe("visitor-1");
    expect(loadAgent).toHaveBeenCalledWith(`${THIRD_PARTY_AGENT_URL}public%20key`);
    expect(get).toHaveBeenCalledWith({ linkedId: "hash" });
  });

  it("returns null when the agent fails or takes too long", async () => {
    await expect(thirdPartyVisitorId("k", "h", async () => Promise.reject(new Error("blocked")))).resolves.toBeNull();
    const slow = async () => ({ load: () => new Promise<never>(() => undefined) });
    await expect(thirdPartyVisitorId("k", "h", slow, 20)).resolves.toBeNull();
  });
});
