import { describe, expect, it } from "vitest";
import { callsStarted, heldTransport, profileFixture, testContext, tableTransport } from "./api/test-fixtures";
import { loadRootData } from "./root-data.server";

const location = {
  ip: "1.2.3.4",
  country: "Россия",
  iso_code: "RU",
  timezone: "Europe/Moscow",
  parameters: { should_hide_torrents: false, is_government_request: false },
};
const request = new Request("http://localhost/");

describe("loadRootData", () => {
  it("loads location only for visitors, and no extras", async () => {
    const transport = tableTransport({ "/accounts/users/location": location });
    const data = await loadRootData(request, { context: testContext(transport) });
    expect(data.profile).toBeNull();
    expect(data.location?.isoCode).toBe("RU");
    expect(await data.accountExtras).toBeNull();
    expect(data.setCookie).toBeNull();
    expect(transport.requests.map((item) => new URL(item.url).pathname)).toEqual(["/api/v1/accounts/users/location"]);
  });

  it("asks for an address's location once, and never passes the address on to the page", async () => {
    const transport = tableTransport({ "/accounts/users/location": location });
    const context = testContext(transport, { forwardedFor: "10.0.0.1" });
    const first = await loadRootData(request, { context });
    const second = await loadRootData(request, { context });
    expect(second.location).toEqual(first.location);
    expect(first.location).not.toHaveProperty("ip");
    expect(transport.requests).toHaveLength(1);
    await loadRootData(request, { context: testContext(transport, { forwardedFor: "10.0.0.2" }) });
    expect(transport.requests).toHaveLength(2);
  });

  it("keeps an address's location apart for each upstream, even when two answer at one address", async () => {
    const elsewhere = { ...location, iso_code: "KZ", timezone: "Asia/Almaty" };
    const first = tableTransport({ "/accounts/users/location": location });
    const second = tableTransport({ "/accounts/users/location": elsewhere });
    const address = { forwardedFor: "10.0.0.3" };
    expect((await loadRootData(request, { context: testContext(first, address) })).location?.isoCode).toBe("RU");
    expect((await loadRootData(request, { context: testContext(second, address) })).location?.isoCode).toBe("KZ");
  });

  it("loads profile and location in parallel, and streams the extras", async () => {
    let releaseExtras!: () => void;
    const extrasGate = new Promise<void>((resolve) => (releaseExtras = resolve));
    const transport = tableTransport({
      "/accounts/users/location": location,
      "/accounts/users/me/profile": profileFixture(),
      "/accounts/users/me/favorites/ids": async () => {
        await extrasGate;
        return Response.json([1, 2]);
      },
      "/accounts/users/me/collections/ids": [[1, "WATCHING"]],
    });
    const data = await loadRootData(request, { context: testContext(transport, { token: "t" }) });
    // The loader returned before the extras answered: they do not hold up the first byte.
    expect(data.profile?.nickname).toBe("Хикари");
    releaseExtras();
    expect(await data.accountExtras).toEqual({ favoriteIds: [1, 2], collections: [{ releaseId: 1, type: "WATCHING" }] });
  });

  it("asks for a signed-in viewer's extras together with the profile, not after it", async () => {
    const held = heldTransport({
      "/accounts/users/me/profile": profileFixture(),
      "/accounts/users/location": location,
      "/accounts/users/me/favorites/ids": [1],
      "/accounts/users/me/collections/ids": [],
    });
    const data = loadRootData(request, { context: testContext(held.transport, { token: "token", forwardedFor: "10.0.0.7" }) });
    await callsStarted();
    expect(held.asked).toEqual(
      expect.arrayContaining(["/accounts/users/me/profile", "/accounts/users/me/favorites/ids", "/accounts/users/me/collections/ids"]),
    );
    held.open();
    expect((await (await data).accountExtras)?.favoriteIds).toEqual([1]);
  });

  it("leaves the account's timecodes to the pages that show progress: every page would carry all of them", async () => {
    const held = heldTransport({
      "/accounts/users/me/profile": profileFixture(),
      "/accounts/users/location": location,
      "/accounts/users/me/favorites/ids": [],
      "/accounts/users/me/collections/ids": [],
      "/accounts/users/me/views/timecodes": [["e1", 10, false]],
    });
    const data = loadRootData(request, { context: testContext(held.transport, { token: "token", forwardedFor: "10.0.0.8" }) });
    await callsStarted();
    held.open();
    const extras = await (await data).accountExtras;
    expect(held.asked).not.toContain("/accounts/users/me/views/timecodes");
    expect(extras).not.toHaveProperty("timecodes");
  });

  it("drops a dead session: 401 on the profile clears the cookie", async () => {
    const transport = tableTransport({
      "/accounts/users/location": location,
      "/accounts/users/me/profile": () => Response.json({ message: "Unauthenticated." }, { status: 401 }),
    });
    const data = await loadRootData(request, { context: testContext(transport, { token: "dead" }) });
    expect(data.profile).toBeNull();
    expect(data.setCookie).toMatch(/^session=; /);
    expect(data.headers.get("set-cookie")).toBe(data.setCookie);
    expect(await data.accountExtras).toBeNull();
  });

  it("survives a down upstream: nulls, and extras that resolve null instead of rejecting", async () => {
    const transport = tableTransport({
      "/accounts/users/location": () => new Response("", { status: 503 }),
      "/accounts/users/me/profile": profileFixture(),
      "/accounts/users/me/favorites/ids": () => new Response("{oops", { status: 200 }),
    });
    const data = await loadRootData(request, { context: testContext(transport, { token: "t", forwardedFor: "10.0.0.9" }) });
    expect(data.location).toBeNull();
    expect(data.profile).not.toBeNull();
    await expect(data.accountExtras).resolves.toBeNull();
  });
});
