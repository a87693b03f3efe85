// State machines of accounts: registration, verification, reset, OTP, social login, sessions.
import { afterAll, describe, expect, it } from "vitest";
import { TestClient, asJson, asList } from "../test-support";

const registration = (suffix: string, overrides: Record<string, unknown> = {}) => ({
  login: `viewer_${suffix}`,
  email: `viewer_${suffix}@example.com`,
  nickname: `Зритель ${suffix}`,
  password: "correct-horse-1",
  password_confirmation: "correct-horse-1",
  recaptcha_token: "token-from-widget",
  ...overrides,
});

function mailLinks(mailboxHtml: string, page: "verifyEmail" | "resetPassword"): string[] {
  return [...mailboxHtml.matchAll(new RegExp(`href="([^"]*/${page}\\?token=[^"]+)"`, "g"))].map((match) =>
    (match[1] as string).replaceAll("&amp;", "&"),
  );
}
const tokenOf = (link: string): string => new URL(link).searchParams.get("token") ?? "";

describe("registration → mailbox → verification → login", () => {
  const client = new TestClient();
  afterAll(() => client.close());

  it("rejects bad input per field with 422", async () => {
    const answer = await client.post("/accounts/users/auth/registration/new", {
      body: registration("a", {
        email: "not-an-email",
        password: "short",
        password_confirmation: "short",
        recaptcha_token: "",
      }),
    });
    expect(answer.status).toBe(422);
    const errors = asJson(asJson(answer.body).errors);
    expect(Object.keys(errors).sort()).toEqual(["email", "password", "recaptcha_token"]);
    expect(typeof asJson(answer.body).message).toBe("string");

    const mismatch = await client.post("/accounts/users/auth/registration/new", {
      body: registration("a", { password_confirmation: "something-else" }),
    });
    expect(mismatch.status).toBe(422);
    expect(Object.keys(asJson(asJson(mismatch.body).errors))).toEqual(["password_confirmation"]);

    const missing = await client.post("/accounts/users/auth/registration/new", { body: {} });
    expect(Object.keys(asJson(asJson(missing.body).errors)).sort()).toEqual([
      "email",
      "login",
      "password",
      "password_confirmation",
      "recaptcha_token",
    ]);
  });

  it("registers, refuses the unverified login, verifies once, then signs in", async () => {
    const created = await client.post("/accounts/users/auth/registration/new", { body: registration("b") });
    expect(created.status).toBe(200);

    const unverified = await client.post("/accounts/users/auth/login", {
      body: { login: "viewer_b", password: "correct-horse-1" },
    });
    expect(unverified.status).toBe(403);
    expect(asJson(unverified.body).message).toMatch(/Подтвердите e-mail/);

    const mailbox = await client.get("/embedded/mailbox");
    expect(mailbox.status).toBe(200);
    expect(mailbox.text).toContain("viewer_b@example.com");
    const [link] = mailLinks(mailbox.text, "verifyEmail");
    expect(link).toMatch(/^http:\/\/embedded\.test\/app\/auth\/registration\/verifyEmail\?token=/);

    const verified = await client.post("/accounts/users/auth/registration/verify", {
      body: { token: tokenOf(link as string) },
    });
    expect(verified.status).toBe(200);
    const again = await client.post("/accounts/users/auth/registration/verify", {
      body: { token: tokenOf(link as string) },
    });
    expect(again.status).toBe(422);

    const byEmail = await client.post("/accounts/users/auth/login", {
      body: { login: "VIEWER_B@example.com", password: "correct-horse-1" },
    });
    expect(byEmail.status).toBe(200);
    const token = asJson(byEmail.body).token as string;
    const profile = asJson((await client.get("/accounts/users/me/profile", { token })).body);
    expect(profile).toMatchObject({
      login: "viewer_b",
      email: "viewer_b@example.com",
      nickname: "Зритель b",
      is_banned: false,
      is_with_video_ads: true,
      is_with_video_ads_always: false,
      is_with_content_ads: true,
    });
    expect(asJson(profile.torrents).passkey).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps logins and e-mails unique, case-insensitively", async () => {
    const answer = await client.post("/accounts/users/auth/registration/new", {
      body: registration("c", { login: "Viewer_B", email: "VIEWER_B@EXAMPLE.COM" }),
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(asJson(asJson(answer.body).errors)).sort()).toEqual(["email", "login"]);
  });

  it("answers 401 to bad credentials and 422 to a missing password", async () => {
    expect((await client.post("/accounts/users/auth/login", { body: { login: "demo", password: "wrong-password" } })).status).toBe(401);
    expect((await client.post("/accounts/users/auth/login", { body: { login: "nobody", password: "whatever1" } })).status).toBe(401);
    const missing = await client.post("/accounts/users/auth/login", { body: { login: "demo" } });
    expect(missing.status).toBe(422);
    expect(asJson(asJson(missing.body).errors).password).toBeDefined();
  });
});

describe("bot check", () => {
  it("verifies the token through the configured verifier only when a secret is set", async () => {
    const seen: string[] = [];
    const client = new TestClient({
      seed: { releases: 20 },
      recaptchaSecret: "test-secret",
      verifyRecaptcha: async (token) => {
        seen.push(token);
        return token === "human";
      },
    });
    const robot = await client.post("/accounts/users/auth/registration/new", {
      body: registration("r1", { recaptcha_token: "robot" }),
    });
    expect(robot.status).toBe(422);
    expect(asJson(asJson(robot.body).errors).recaptcha_token).toBeDefined();
    const human = await client.post("/accounts/users/auth/registration/new", {
      body: registration("r2", { recaptcha_token: "human" }),
    });
    expect(human.status).toBe(200);
    expect(seen).toEqual(["robot", "human"]);
    client.close();
  });
});

describe("forgotten password → reset", () => {
  let now = new Date("2026-11-21T10:00:00Z");
  const client = new TestClient({ now: () => now });
  afterAll(() => client.close());

  const requestReset = async (): Promise<string> => {
    expect((await client.post("/accounts/users/auth/password/forget", { body: { email: "demo@anilibria.local" } })).status).toBe(200);
    const [link] = mailLinks((await client.get("/embedded/mailbox")).text, "resetPassword");
    expect(link).toMatch(/^http:\/\/embedded\.test\/app\/auth\/password\/resetPassword\?token=/);
    return tokenOf(link as string);
  };

  it("answers the same for unknown addresses and sends no mail", async () => {
    const answer = await client.post("/accounts/users/auth/password/forget", { body: { email: "nobody@example.com" } });
    expect(answer.status).toBe(200);
    expect((await client.get("/embedded/mailbox")).text).not.toContain("nobody@example.com");
    expect((await client.post("/accounts/users/auth/password/forget", { body: { email: "nope" } })).status).toBe(422);
  });

  it("resets once with a fresh token and signs out the old sessions", async () => {
    const oldSession = await client.signIn();
    const token = await requestReset();
    const mismatch = await client.post("/accounts/users/auth/password/reset", {
      body: { token, password: "brand-new-pass", password_confirmation: "other-pass-1" },
    });
    expect(mismatch.status).toBe(422);
    const reset = await client.post("/accounts/users/auth/password/reset", {
      body: { token, password: "brand-new-pass", password_confirmation: "brand-new-pass" },
    });
    expect(reset.status).toBe(200);
    expect((await client.get("/accounts/users/me/profile", { token: oldSession })).status).toBe(403);
    expect((await client.post("/accounts/users/auth/login", { body: { login: "demo", password: "demo-password" } })).status).toBe(401);
    await client.signIn("demo", "brand-new-pass");
    const reused = await client.post("/accounts/users/auth/password/reset", {
      body: { token, password: "another-pass-2", password_confirmation: "another-pass-2" },
    });
    expect(reused.status).toBe(404);
  });

  it("refuses an expired token", async () => {
    const token = await requestReset();
    now = new Date(now.getTime() + 61 * 60 * 1000);
    const expired = await client.post("/accounts/users/auth/password/reset", {
      body: { token, password: "late-password-1", password_confirmation: "late-password-1" },
    });
    expect(expired.status).toBe(404);
  });
});

describe("device linking (OTP)", () => {
  const client = new TestClient();
  afterAll(() => client.close());

  it("issues a code, waits for acceptance, then signs the device in once", async () => {
    const issued = asJson((await client.post("/accounts/otp/get", { body: { device_id: "tv-1" } })).body);
    const code = asJson(issued.otp).code as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(issued.remaining_time).toBeGreaterThan(0);

    expect((await client.post("/accounts/otp/login", { body: { code: Number(code), device_id: "tv-1" } })).status).toBe(401);
    expect((await client.post("/accounts/otp/accept", { body: { code } })).status).toBe(401);
    expect((await client.post("/accounts/otp/login", { body: { code, device_id: "another-device" } })).status).toBe(404);

    const userToken = await client.signIn();
    expect(
      (
        await client.post("/accounts/otp/accept", {
          token: userToken,
          body: { code: "000000" === code ? "000001" : "000000" },
        })
      ).status,
    ).toBe(404);
    expect((await client.post("/accounts/otp/accept", { token: userToken, body: { code } })).status).toBe(200);

    const login = await client.post("/accounts/otp/login", { body: { code, device_id: "tv-1" } });
    expect(login.status).toBe(200);
    const deviceToken = asJson(login.body).token as string;
    expect(asJson((await client.get("/accounts/users/me/profile", { token: deviceToken })).body).login).toBe("demo");
    expect((await client.post("/accounts/otp/login", { body: { code, device_id: "tv-1" } })).status).toBe(404);
    expect((await client.post("/accounts/otp/get", { body: {} })).status).toBe(422);
  });
});

describe("social login through the consent stand-in", () => {
  const client = new TestClient();
  afterAll(() => client.close());

  const consent = (provider: string, state: string, decision: string, identity = "alice") =>
    client.post(`/embedded/oauth/${provider}`, {
      rawBody: new URLSearchParams({ state, identity, decision }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  it("only knows vk, google, patreon and discord", async () => {
    for (const provider of ["vk", "google", "patreon", "discord"]) {
      expect((await client.get(`/accounts/users/auth/social/${provider}/login`)).status).toBe(200);
    }
    expect((await client.get("/accounts/users/auth/social/myspace/login")).status).toBe(404);
    expect((await client.get("/accounts/users/auth/social/vk/login?host=javascript:alert(1)")).status).toBe(422);
  });

  it("answers 404 until the user allows, then a token once, and reuses the identity's user", async () => {
    const start = asJson((await client.get("/accounts/users/auth/social/vk/login?host=http%3A%2F%2Fapp.test%3A3000")).body);
    const state = start.state as string;
    expect(start.url).toBe(`http://embedded.test/embedded/oauth/vk?state=${encodeURIComponent(state)}`);
    const authenticate = () => client.get(`/accounts/users/auth/social/authenticate?state=${encodeURIComponent(state)}`);
    expect((await authenticate()).status).toBe(404);

    const page = await client.get(new URL(start.url as string).pathname + new URL(start.url as string).search);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Разрешить");
    // The redirect after the form goes to the app, so the page's CSP must allow it as a form target.
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self' http://app.test:3000");

    const allowed = await consent("vk", state, "allow");
    expect(allowed.status).toBe(303);
    expect(allowed.headers.get("location")).toBe(`http://app.test:3000/app/auth/social/callback?state=${encodeURIComponent(state)}`);

    const first = await authenticate();
    expect(first.status).toBe(200);
    const token = asJson(first.body).token as string;
    const profile = asJson((await client.get("/accounts/users/me/profile", { token })).body);
    expect((await authenticate()).status).toBe(404);

    const second = asJson((await client.get("/accounts/users/auth/social/vk/login")).body);
    await consent("vk", second.state as string, "allow");
    const again = asJson(
      (await client.get(`/accounts/users/auth/social/authenticate?state=${encodeURIComponent(second.state as string)}`)).body,
    );
    const sameUser = asJson((await client.get("/accounts/users/me/profile", { token: again.token as string })).body);
    expect(sameUser.id).toBe(profile.id);
  });

  it("sends a denial back to the app and forgets the state", async () => {
    const start = asJson((await client.get("/accounts/users/auth/social/discord/login?host=http%3A%2F%2Fapp.test")).body);
    const denied = await consent("discord", start.state as string, "deny");
    expect(denied.status).toBe(303);
    expect(denied.headers.get("location")).toContain("error=access_denied");
    expect((await client.get(`/accounts/users/auth/social/authenticate?state=${encodeURIComponent(start.state as string)}`)).status).toBe(
      404,
    );
  });
});

describe("sessions", () => {
  const client = new TestClient();
  afterAll(() => client.close());

  it("lists, revokes one, revokes all others, and logout ends the session", async () => {
    const first = await client.signIn();
    const second = await client.signIn();
    const third = await client.signIn();
    const list = asList((await client.get("/accounts/users/me/sessions", { token: second })).body);
    expect(list).toHaveLength(3);
    expect(list.filter((session) => session.is_current)).toHaveLength(1);
    expect(asJson(list[0]?.browser).name).toBe("Chrome");

    const other = list.find((session) => !session.is_current) as Record<string, unknown>;
    const afterRevoke = await client.delete(`/accounts/users/me/sessions/${String(other.id)}`, { token: second });
    expect(asList(afterRevoke.body)).toHaveLength(2);
    expect((await client.delete("/accounts/users/me/sessions/unknown", { token: second })).status).toBe(404);

    expect(asList((await client.delete("/accounts/users/me/sessions", { token: second })).body)).toHaveLength(1);
    expect((await client.get("/accounts/users/me/profile", { token: first })).status).toBe(403);
    expect((await client.get("/accounts/users/me/profile", { token: third })).status).toBe(403);

    expect((await client.post("/accounts/users/auth/logout", { token: second })).body).toEqual({ token: null });
    expect((await client.get("/accounts/users/me/profile", { token: second })).status).toBe(403);
    expect((await client.post("/accounts/users/auth/logout", { token: second })).status).toBe(401);
  });
});

describe("production mode", () => {
  it("has no mailbox, no social stand-in and no demo account", async () => {
    const client = new TestClient({ production: true, seed: { releases: 10 } });
    expect((await client.get("/embedded/mailbox")).status).toBe(404);
    expect((await client.get("/accounts/users/auth/social/vk/login")).status).toBe(404);
    expect((await client.post("/accounts/users/auth/login", { body: { login: "demo", password: "demo-password" } })).status).toBe(401);
    client.close();
  });
});
