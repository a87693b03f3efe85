// The auth routes' loaders and actions against the in-process embedded API (in-memory database).
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { withLoadContext } from "../../../tests/support/load-context";

process.env.EMBEDDED_API_DB = ":memory:";

import type { FormActionData } from "~/shared/forms/form-fields";
import { ruleMessages } from "./rule-messages";
import { HONEYPOT_FIELD } from "~/shared/forms/form-fields";
import { commitSocialState } from "./social-login.server";
import { getEmbeddedApi } from "~/.server/api/transport";
import { ACCOUNT_LIMIT_TIERS, AUTH_RATE_LIMIT, rateLimitedMessage, SIGN_IN_START_RATE_LIMIT } from "~/.server/security/rate-limit.server";
import { commitSessionToken } from "~/.server/session.server";
import { action as loginAction, loader as loginLoader } from "~/routes/_clean.app.auth.login";
import { action as registrationAction, loader as registrationLoader } from "~/routes/_clean.app.auth.registration.newRegistration";
import { action as logoutAction, loader as logoutLoader } from "~/routes/app.auth.logout";
import { action as forgetPasswordAction, loader as forgetPasswordLoader } from "~/routes/_clean.app.auth.password.forgetPassword";
import { loader as resetPasswordLoader } from "~/routes/_clean.app.auth.password.resetPassword";
import { loader as socialCallbackLoader } from "~/routes/_clean.app.auth.social.callback";
import { loader as socialStartLoader } from "~/routes/_clean.app.auth.social.$provider";
import { action as linkDeviceAction } from "~/routes/_clean.app.auth.otp.linkDevice";
import { formStrings } from "~/shared/forms/strings";

const ORIGIN = "http://localhost:3000";
const DEMO = { login: "demo", password: "demo-password" };

let clientCounter = 0;
/** Every call from a new address, so the rate limit only bites where a test wants it to. */
function freshClient() {
  clientCounter += 1;
  return { clientIp: `192.0.2.${clientCounter % 250}-${clientCounter}` };
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: ORIGIN, ...headers } });
}

type DataResult = { data: FormActionData; init: ResponseInit | null };

function asData(result: unknown): DataResult {
  expect(result).not.toBeInstanceOf(Response);
  return result as DataResult;
}

function asResponse(result: unknown): Response {
  expect(result).toBeInstanceOf(Response);
  return result as Response;
}

async function thrownBy(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (thrown) {
    return asResponse(thrown);
  }
  throw new Error("expected a thrown response");
}

beforeAll(async () => {
  await getEmbeddedApi();
}, 60_000);

describe("sign-in", () => {
  it("signs the demo account in: a session cookie and a redirect with a toast", async () => {
    const response = asResponse(
      await loginAction(
        withLoadContext({
          request: post("/app/auth/login", { ...DEMO, redirectTo: "/anime/catalog/?page=2" }),
          params: {},
          context: freshClient(),
        }),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/anime/catalog/?page=2");
    const cookies = response.headers.get("set-cookie") ?? "";
    expect(cookies).toMatch(/(^|, )session=[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookies).toContain("toast=");
  });

  it("only ever redirects to a path on our own site, whatever redirectTo says", async () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.constantFrom(
        "//evil.example",
        "/\\evil.example",
        "/\t/evil.example",
        "/%2F%2Fevil.example",
        "javascript:alert(1)",
        "\r\n/evil",
        "/app/auth/login?redirectTo=//evil",
      ),
      fc.constantFrom("/", "//", "/\\", "/%2F", "%2F", "\\\\").chain((head) => fc.string().map((tail) => head + tail)),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (redirectTo) => {
        const response = asResponse(
          await loginAction(
            withLoadContext({ request: post("/app/auth/login", { ...DEMO, redirectTo }), params: {}, context: freshClient() }),
          ),
        );
        const location = response.headers.get("location") ?? "";
        expect(location.startsWith("/")).toBe(true);
        expect(location.startsWith("//")).toBe(false);
        expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
        expect(location.startsWith("/app/auth/login")).toBe(false);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it("a wrong password is the form's message; the password is not sent back", async () => {
    const result = asData(
      await loginAction(
        withLoadContext({
          request: post("/app/auth/login", { login: "demo", password: "not-the-password" }),
          params: {},
          context: freshClient(),
        }),
      ),
    );
    expect(result.init?.status).toBe(401);
    expect(result.data.formError).toBe("Неверный логин или пароль.");
    expect(result.data.values).toEqual({ login: "demo" });
  });

  it("empty fields get the default required message without calling the upstream", async () => {
    const result = asData(
      await loginAction(
        withLoadContext({ request: post("/app/auth/login", { login: " ", password: "" }), params: {}, context: freshClient() }),
      ),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ login: ruleMessages.required, password: ruleMessages.required });
  });

  it("registration and password recovery count against the same limit (they tell, or send mail to, an address)", async () => {
    for (const [path, action, fields] of [
      ["/app/auth/registration/newRegistration", registrationAction, { login: "" }],
      ["/app/auth/password/forgetPassword", forgetPasswordAction, { email: "" }],
    ] as const) {
      const client = freshClient();
      for (let attempt = 0; attempt < AUTH_RATE_LIMIT.limit; attempt += 1) {
        expect(asData(await action(withLoadContext({ request: post(path, fields), params: {}, context: client }))).init?.status, path).toBe(
          400,
        );
      }
      const refused = asData(await action(withLoadContext({ request: post(path, fields), params: {}, context: client })));
      expect(refused.init?.status, path).toBe(429);
    }
  });

  it("a filled honeypot is a plain 400, even with the right password", async () => {
    const result = asData(
      await loginAction(
        withLoadContext({ request: post("/app/auth/login", { ...DEMO, [HONEYPOT_FIELD]: "bot" }), params: {}, context: freshClient() }),
      ),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({});
    expect(JSON.stringify(result.data)).not.toContain("demo-password");
  });

  it("the eleventh submission of a client within a minute is refused with 429", async () => {
    const client = freshClient();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const result = asData(
        await loginAction(withLoadContext({ request: post("/app/auth/login", { login: "", password: "" }), params: {}, context: client })),
      );
      expect(result.init?.status).toBe(400);
    }
    const refused = asData(await loginAction(withLoadContext({ request: post("/app/auth/login", DEMO), params: {}, context: client })));
    expect(refused.init?.status).toBe(429);
    expect(refused.data.formError).toBe(rateLimitedMessage);
    expect(new Headers(refused.init?.headers).get("retry-after")).toMatch(/^\d+$/);
    // Another client is not affected.
    expect(
      asResponse(await loginAction(withLoadContext({ request: post("/app/auth/login", DEMO), params: {}, context: freshClient() }))).status,
    ).toBe(302);
  });

  it("a signed-in visitor of the login page goes straight to redirectTo", async () => {
    const cookie = commitSessionToken("some-token").split(";")[0]!;
    const response = await thrownBy(() =>
      loginLoader(
        withLoadContext({
          request: new Request(`${ORIGIN}/app/auth/login?redirectTo=%2Fme%2Ffavorites%2F`, { headers: { Cookie: cookie } }),
          params: {},
          context: {},
        }),
      ),
    );
    expect(response.headers.get("location")).toBe("/me/favorites/");
  });

  it.each([
    ["password recovery", "/app/auth/password/forgetPassword", forgetPasswordLoader],
    ["new password", "/app/auth/password/resetPassword?token=abcdef123456", resetPasswordLoader],
  ])("a signed-in visitor of the %s page goes home, as from the login page", async (_page, path, loader) => {
    const cookie = commitSessionToken("some-token").split(";")[0]!;
    const request = new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
    const response = await thrownBy(() => loader(withLoadContext({ request, params: {}, context: {} })));
    expect(response.headers.get("location")).toBe("/");
  });

  it("a visitor who is not signed in opens the password recovery pages", () => {
    const request = new Request(`${ORIGIN}/app/auth/password/forgetPassword`);
    expect(forgetPasswordLoader(withLoadContext({ request, params: {}, context: {} }))).not.toBeInstanceOf(Response);
  });
});

describe("guessing one account's secret from many addresses (decision 0281)", () => {
  type Action = typeof loginAction;
  const submit = (action: Action, path: string, fields: Record<string, string>, clientIp: string, headers: Record<string, string> = {}) =>
    action(withLoadContext({ request: post(path, fields, headers), params: {}, context: { clientIp } }));
  const statusOf = (result: unknown) => (result instanceof Response ? result.status : asData(result).init?.status);
  const [pairLimit] = ACCOUNT_LIMIT_TIERS.pairTiers.map((tier) => tier.limit);

  it("200 wrong passwords from 23 addresses of one IPv6 /64: five are checked, the rest and then the right password get 429", async () => {
    const statuses: (number | undefined)[] = [];
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const address = `2001:db8:7:1::${(attempt % 23) + 1}`;
      statuses.push(statusOf(await submit(loginAction, "/app/auth/login", { login: DEMO.login, password: `guess-${attempt}` }, address)));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(pairLimit!);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - pairLimit!);
    const right = asData(await submit(loginAction, "/app/auth/login", DEMO, "2001:db8:7:1:abcd::9"));
    expect(right.init?.status).toBe(429);
    expect(Number(new Headers(right.init?.headers).get("retry-after"))).toBeGreaterThan(0);
    // The owner, on another network, signs in.
    expect(statusOf(await submit(loginAction, "/app/auth/login", DEMO, "2001:db8:8:1::1"))).toBe(302);
  });

  it("one wrong password each from many addresses meets the account's ceiling: 429 in Russian with Retry-After", async () => {
    const login = `nobody-${Date.now()}`;
    const ceiling = ACCOUNT_LIMIT_TIERS.accountCeiling.limit;
    const statuses: (number | undefined)[] = [];
    for (let client = 1; client <= ceiling + 5; client += 1)
      statuses.push(statusOf(await submit(loginAction, "/app/auth/login", { login, password: "guess" }, `198.51.100.${client}`)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(ceiling);
    const refused = asData(await submit(loginAction, "/app/auth/login", { login, password: "guess" }, "198.51.100.200"));
    expect(refused.init?.status).toBe(429);
    const retryAfter = Number(new Headers(refused.init?.headers).get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.data.formError).toBe(formStrings.accountRateLimited(retryAfter));
    expect(refused.data.formError).toMatch(/^Слишком много попыток для этого аккаунта\. Попробуйте снова через \d+ минут/);
  });

  it("recovery letters and registrations to one e-mail back off the same way, whatever the address in the /64", async () => {
    for (const [path, action, fields] of [
      ["/app/auth/password/forgetPassword", forgetPasswordAction, { email: "victim-mailbox@example.com" }],
      [
        "/app/auth/registration/newRegistration",
        registrationAction,
        { login: "", nickname: "", password: "", password_confirmation: "", email: "victim-mailbox@example.com" },
      ],
    ] as const) {
      const statuses: (number | undefined)[] = [];
      for (let attempt = 0; attempt <= pairLimit!; attempt += 1) {
        const fieldsOfAttempt =
          "login" in fields
            ? {
                ...fields,
                login: `reg_${attempt}_${Date.now() % 100000}`,
                nickname: `Ник ${attempt}`,
                password: "long-enough-1",
                password_confirmation: "long-enough-1",
              }
            : fields;
        statuses.push(statusOf(await submit(action as Action, path, fieldsOfAttempt, `2001:db8:9:${path.length}::${attempt + 1}`)));
      }
      expect(
        statuses.slice(0, pairLimit).every((status) => status !== 429),
        `${path}: ${statuses.join()}`,
      ).toBe(true);
      expect(statuses.at(-1), path).toBe(429);
    }
  });

  it("device codes tried by one signed-in account back off (a right guess would put a stranger's TV on it)", async () => {
    const signedIn = asResponse(await submit(loginAction, "/app/auth/login", DEMO, "192.0.2.77"));
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const statuses: (number | undefined)[] = [];
    for (let attempt = 0; attempt <= pairLimit!; attempt += 1) {
      const code = String(100000 + attempt);
      statuses.push(
        statusOf(await submit(linkDeviceAction, "/app/auth/otp/linkDevice", { code }, `2001:db8:a:1::${attempt + 1}`, { Cookie: cookie })),
      );
    }
    expect(statuses.slice(0, pairLimit)).toEqual(Array(pairLimit).fill(400));
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("registration", () => {
  const fields = (login: string) => ({
    login,
    email: `${login}@example.com`,
    nickname: "Зритель",
    password: "long-enough",
    password_confirmation: "long-enough",
  });

  it("registers and sends the user to the check-your-mail screen", async () => {
    const response = asResponse(
      await registrationAction(
        withLoadContext({
          request: post("/app/auth/registration/newRegistration", fields("route_test_1")),
          params: {},
          context: freshClient(),
        }),
      ),
    );
    expect(response.headers.get("location")).toBe("/app/auth/registration/newRegistration?sent");
  });

  it("puts the upstream's 422 errors on their fields", async () => {
    const result = asData(
      await registrationAction(
        withLoadContext({
          request: post("/app/auth/registration/newRegistration", { ...fields("demo"), email: "demo@anilibria.local" }),
          params: {},
          context: freshClient(),
        }),
      ),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors.login).toBe("Этот логин уже занят.");
    expect(result.data.fieldErrors.email).toBe("Этот e-mail уже зарегистрирован.");
    expect(result.data.values).toEqual({ login: "demo", email: "demo@anilibria.local", nickname: "Зритель" });
  });

  it("checks the fields with the spec's messages first", async () => {
    const result = asData(
      await registrationAction(
        withLoadContext({
          request: post("/app/auth/registration/newRegistration", {
            login: "a b",
            email: "nope",
            nickname: "x".repeat(40),
            password: "short",
            password_confirmation: "other",
          }),
          params: {},
          context: freshClient(),
        }),
      ),
    );
    expect(result.data.fieldErrors).toEqual({
      login: ruleMessages.format,
      email: ruleMessages.email,
      nickname: ruleMessages.maxLength(32),
      password: ruleMessages.minLength(8),
      password_confirmation: "Пароли не совпадают",
    });
  });
});

describe("sign-out", () => {
  it("drops the session and says so", async () => {
    const cookie = commitSessionToken("stale-token").split(";")[0]!;
    const response = asResponse(
      await logoutAction(
        withLoadContext({
          request: post("/app/auth/logout", { redirectTo: "/me/favorites/" }, { Cookie: cookie }),
          params: {},
          context: {},
        }),
      ),
    );
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toMatch(/session=; .*Max-Age=0/);
  });

  it("answers 405 to a GET", () => {
    expect(logoutLoader().status).toBe(405);
  });
});

describe("social login", () => {
  it("starts with a redirect to the provider page and a state cookie", async () => {
    const response = asResponse(
      await socialStartLoader(
        withLoadContext({
          request: new Request(`${ORIGIN}/app/auth/social/vk?redirectTo=%2Fanime%2Fschedule`),
          params: { provider: "vk" },
          context: {},
        }),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(new RegExp(`^${ORIGIN}/embedded/oauth/vk\\?state=`));
    expect(response.headers.get("set-cookie")).toMatch(/^social_login=.+; Max-Age=900; Path=\/app\/auth\/social; HttpOnly; SameSite=Lax/);
  });

  it("a client that starts too many sign-ins a minute goes back to the sign-in page with a message, the upstream unasked", async () => {
    const context = { clientIp: "198.51.100.23" };
    const start = () =>
      socialStartLoader(
        withLoadContext({ request: new Request(`${ORIGIN}/app/auth/social/google`), params: { provider: "google" }, context }),
      );
    for (let attempt = 0; attempt < SIGN_IN_START_RATE_LIMIT.limit; attempt += 1) {
      expect(asResponse(await start()).headers.get("location"), `attempt ${attempt + 1}`).toMatch(/\/embedded\/oauth\/google\?state=/);
    }
    const refused = asResponse(await start());
    expect(refused.headers.get("location")).toBe("/app/auth/login");
    expect(refused.headers.get("set-cookie")).not.toMatch(/^social_login=/);
  });

  it("a callback without this browser's state never signs in", async () => {
    const response = await thrownBy(() =>
      socialCallbackLoader(
        withLoadContext({ request: new Request(`${ORIGIN}/app/auth/social/callback?state=forged`), params: {}, context: {} }),
      ),
    );
    expect(response.headers.get("location")).toBe("/app/auth/login");
    expect(response.headers.get("set-cookie")).not.toMatch(/(^|, )session=[^;]/);
  });

  it("a state other than the one this browser started is refused", async () => {
    const cookie = (await commitSocialState({ state: "mine", provider: "vk", redirectTo: "/" })).split(";")[0]!;
    const response = await thrownBy(() =>
      socialCallbackLoader(
        withLoadContext({
          request: new Request(`${ORIGIN}/app/auth/social/callback?state=theirs`, { headers: { Cookie: cookie } }),
          params: {},
          context: {},
        }),
      ),
    );
    expect(response.headers.get("location")).toBe("/app/auth/login");
  });

  it("waits while the provider has not confirmed", async () => {
    const cookie = (await commitSocialState({ state: "not-confirmed-yet", provider: "discord", redirectTo: "/anime/schedule" })).split(
      ";",
    )[0]!;
    const result = await socialCallbackLoader(
      withLoadContext({
        request: new Request(`${ORIGIN}/app/auth/social/callback?state=not-confirmed-yet`, { headers: { Cookie: cookie } }),
        params: {},
        context: {},
      }),
    );
    expect(result).toMatchObject({
      data: { providerName: "Discord", attempt: 0, restartPath: "/app/auth/login?redirectTo=%2Fanime%2Fschedule" },
    });
  });
});

describe("non-Latin redirect targets (encoded or refused, never a 500 that loses the sign-in)", () => {
  const targets = [
    ["/п", "/%D0%BF"],
    ["/anime/catalog?search=Ван\u3000Пис", "/anime/catalog?search=%D0%92%D0%B0%D0%BD%E3%80%80%D0%9F%D0%B8%D1%81"],
    ["/a\u2028b", "/a%E2%80%A8b"],
    ["/\uFF0F\uFF0Fevil.example", "/"],
    ["/\uFF3C\uFF3Cevil.example", "/"],
  ] as const;

  it.each(targets)("sign-in to %j goes to %j with the session", async (redirectTo, location) => {
    const response = asResponse(
      await loginAction(withLoadContext({ request: post("/app/auth/login", { ...DEMO, redirectTo }), params: {}, context: freshClient() })),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
    expect(response.headers.get("set-cookie")).toMatch(/(^|, )session=[A-Za-z0-9_-]+;/);
  });

  it.each(targets)("a signed-in visitor of the login and registration pages with %j goes to %j", async (redirectTo, location) => {
    const cookie = commitSessionToken("some-token").split(";")[0]!;
    const query = new URLSearchParams({ redirectTo });
    for (const [path, loader] of [
      ["/app/auth/login", loginLoader],
      ["/app/auth/registration/newRegistration", registrationLoader],
    ] as const) {
      const response = await thrownBy(() =>
        loader(
          withLoadContext({ request: new Request(`${ORIGIN}${path}?${query}`, { headers: { Cookie: cookie } }), params: {}, context: {} }),
        ),
      );
      expect(response.headers.get("location")).toBe(location);
    }
  });

  it.each(targets)("sign-out to %j goes to %j and ends the session", async (redirectTo, location) => {
    const response = asResponse(
      await logoutAction(withLoadContext({ request: post("/app/auth/logout", { redirectTo }), params: {}, context: {} })),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
    expect(response.headers.get("set-cookie")).toMatch(/session=; .*Max-Age=0/);
  });

  it("the social start keeps the encoded target for the callback", async () => {
    const response = asResponse(
      await socialStartLoader(
        withLoadContext({
          request: new Request(`${ORIGIN}/app/auth/social/vk?redirectTo=${encodeURIComponent("/п")}`),
          params: { provider: "vk" },
          context: {},
        }),
      ),
    );
    expect(response.status).toBe(302);
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
    const declined = await thrownBy(() =>
      socialCallbackLoader(
        withLoadContext({
          request: new Request(`${ORIGIN}/app/auth/social/callback?error=denied`, { headers: { Cookie: cookie } }),
          params: {},
          context: {},
        }),
      ),
    );
    expect(declined.headers.get("location")).toBe("/app/auth/login?redirectTo=%2F%25D0%25BF");
  });

  it("a finished social login whose saved target is raw non-Latin text (an older cookie) still redirects, signed in", async () => {
    const start = asResponse(
      await socialStartLoader(
        withLoadContext({ request: new Request(`${ORIGIN}/app/auth/social/vk`), params: { provider: "vk" }, context: {} }),
      ),
    );
    const state = new URL(start.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const consent = await (
      await getEmbeddedApi()
    ).handle(
      new Request(`${ORIGIN}/embedded/oauth/vk`, {
        method: "POST",
        body: new URLSearchParams({ state, identity: "raw-target", decision: "allow" }),
      }),
    );
    expect(consent.status).toBe(303);
    const cookie = (await commitSocialState({ state, provider: "vk", redirectTo: "/п" })).split(";")[0]!;
    const finished = await thrownBy(() =>
      socialCallbackLoader(
        withLoadContext({
          request: new Request(`${ORIGIN}/app/auth/social/callback?state=${state}`, { headers: { Cookie: cookie } }),
          params: {},
          context: {},
        }),
      ),
    );
    expect(finished.status).toBe(302);
    expect(finished.headers.get("location")).toBe("/%D0%BF");
    expect(finished.headers.get("set-cookie")).toMatch(/(^|, )session=[A-Za-z0-9_-]+;/);
  });
});
