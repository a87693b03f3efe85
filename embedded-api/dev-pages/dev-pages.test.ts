// The development pages act for nobody else (decision 0250): the mailbox only for this machine, the social
// stand-in only as the provider accounts a browser named first.
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNT } from "../demo-constants";
import { TestClient, asJson } from "../test-support";

const client = new TestClient({ seed: { releases: 5 } });
afterAll(() => client.close());

describe("the development mailbox", () => {
  it("opens to the process itself and to loopback callers", async () => {
    await client.post("/accounts/users/auth/password/forget", { body: { email: DEMO_ACCOUNT.email } });
    const callers: Record<string, string>[] = [
      {},
      { "x-forwarded-for": "127.0.0.1" },
      { "x-forwarded-for": "::1" },
      { "x-forwarded-for": "::ffff:127.0.0.1" },
    ];
    for (const headers of callers) {
      const mailbox = await client.get("/embedded/mailbox", { headers });
      expect(mailbox.status, JSON.stringify(headers)).toBe(200);
      expect(mailbox.text).toContain(`кому: ${DEMO_ACCOUNT.email}`);
    }
  });

  it("shows nothing to anyone else, whatever they put first in X-Forwarded-For", async () => {
    for (const forwarded of ["203.0.113.9", "10.0.0.1", "127.0.0.1, 203.0.113.9", "fe80::1", ""]) {
      const mailbox = await client.get("/embedded/mailbox", { headers: { "x-forwarded-for": forwarded } });
      expect(mailbox.status, forwarded).toBe(403);
      expect(mailbox.text).not.toContain(DEMO_ACCOUNT.email);
      expect(mailbox.text).not.toContain("resetPassword");
    }
  });
});

describe("the social-login stand-in", () => {
  async function signInAs(browser: TestClient, identity: string): Promise<{ status: number; token: string | null }> {
    const start = asJson((await browser.get("/accounts/users/auth/social/vk/login?host=http%3A%2F%2Fapp.test")).body);
    const state = start.state as string;
    await browser.get(`/embedded/oauth/vk?state=${encodeURIComponent(state)}`);
    const consent = await browser.post("/embedded/oauth/vk", {
      rawBody: new URLSearchParams({ state, identity, decision: "allow" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const answer = await browser.get(`/accounts/users/auth/social/authenticate?state=${encodeURIComponent(state)}`);
    return { status: consent.status, token: answer.status === 200 ? (asJson(answer.body).token as string) : null };
  }

  it("signs a browser in again as the account it named, and no other browser", async () => {
    const owner = client.anotherBrowser();
    const first = await signInAs(owner, "alice-in-one-browser");
    expect(first.status).toBe(303);
    expect(first.token).not.toBeNull();
    const again = await signInAs(owner, "alice-in-one-browser");
    expect(again.token).not.toBeNull();

    const intruder = await signInAs(client.anotherBrowser(), "alice-in-one-browser");
    expect(intruder.status).toBe(403);
    expect(intruder.token).toBeNull();
  });

  it("a browser without the stand-in's cookie gets one with its first consent", async () => {
    const browser = client.anotherBrowser();
    const start = asJson((await browser.get("/accounts/users/auth/social/vk/login")).body);
    const consent = await browser.post("/embedded/oauth/vk", {
      rawBody: new URLSearchParams({ state: start.state as string, identity: "cookie-on-consent", decision: "allow" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(consent.status).toBe(303);
    expect(consent.headers.get("set-cookie")).toMatch(/^embedded_dev_browser=[\w-]{32,}; Path=\/embedded\/oauth; .*HttpOnly; SameSite=Lax/);
    expect((await signInAs(browser, "cookie-on-consent")).token).not.toBeNull();
  });

  it("a provider account linked from one browser signs in only from that browser", async () => {
    const browser = client.anotherBrowser();
    const token = await browser.signIn();
    const link = asJson((await browser.get("/accounts/users/me/socials/vk/link?host=http%3A%2F%2Fapp.test", { token })).body);
    const state = link.state as string;
    await browser.post("/embedded/oauth/vk", {
      rawBody: new URLSearchParams({ state, identity: "linked-by-demo", decision: "allow" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect((await browser.post("/accounts/users/me/socials/vk/link", { token, body: { state } })).status).toBe(200);
    // The browser that linked it signs in with it; any other is refused.
    expect((await signInAs(browser, "linked-by-demo")).token).not.toBeNull();
    expect((await signInAs(client.anotherBrowser(), "linked-by-demo")).status).toBe(403);
  });
});
