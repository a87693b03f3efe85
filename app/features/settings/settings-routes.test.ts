// The settings sections' schemas, loaders and actions against the in-process embedded API (in-memory
// database), and the notice for an upstream that lacks the settings calls.
import { beforeAll, describe, expect, it } from "vitest";
import { withLoadContext } from "../../../tests/support/load-context";

process.env.EMBEDDED_API_DB = ":memory:";

import { getSocialLinks } from "~/.server/api/social-links";
import { login } from "~/.server/api/auth";
import { apiContext } from "~/.server/api/context";
import { getEmbeddedApi } from "~/.server/api/transport";
import { commitSessionToken } from "~/.server/session.server";
import { passwordMismatchMessage } from "~/features/auth/auth-schemas";
import { ruleMessages } from "~/features/auth/rule-messages";
import { action as accountAction } from "~/routes/_app.app.settings.account";
import { loader as indexLoader } from "~/routes/_app.app.settings._index";
import { action as notificationsAction, loader as notificationsLoader } from "~/routes/_app.app.settings.notifications";
import { action as sessionsAction, loader as sessionsLoader } from "~/routes/_app.app.settings.sessions";
import { formSpec } from "~/shared/forms/form-action.server";
import { loadIfSupported, settingsFormAction } from "./settings-action.server";
import type { FormActionData } from "~/shared/forms/form-fields";
import { EmailFormSchema, NicknameFormSchema, NotificationsFormSchema, PasswordFormSchema, ProviderFormSchema } from "./settings-schemas";
import { settingsStrings } from "./strings";

const ORIGIN = "http://localhost:3000";
let clientCounter = 0;
const freshClient = () => ({ clientIp: `198.51.100.${(clientCounter += 1)}` });

async function demoCookie(): Promise<string> {
  const token = await login(apiContext(new Request(ORIGIN)), { login: "demo", password: "demo-password" });
  return commitSessionToken(token).split(";")[0] as string;
}

function post(path: string, cookie: string, body: URLSearchParams | FormData): Request {
  return new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { Origin: ORIGIN, Cookie: cookie } });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

function answerOf(result: unknown): { data: FormActionData; status: number } {
  expect(result).not.toBeInstanceOf(Response);
  const { data, init } = result as { data: FormActionData; init: ResponseInit | null };
  return { data, status: init?.status ?? 200 };
}

function redirectOf(result: unknown): Response {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(303);
  expect(response.headers.get("set-cookie")).toContain("toast=");
  return response;
}

beforeAll(async () => {
  await getEmbeddedApi();
}, 60_000);

describe("form schemas", () => {
  it("use the site's Russian rule messages", () => {
    const nickname = NicknameFormSchema.safeParse({ nickname: "x" });
    expect(nickname.success ? null : nickname.error.issues[0]?.message).toBe(ruleMessages.minLength(2));
    const email = EmailFormSchema.safeParse({ email: "not-an-address", current_password: "" });
    expect(email.success ? null : email.error.issues[0]?.message).toBe(ruleMessages.email);
    const mismatch = PasswordFormSchema.safeParse({
      current_password: "",
      password: "long-enough-1",
      password_confirmation: "long-enough-2",
    });
    expect(mismatch.success ? null : mismatch.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["password_confirmation", passwordMismatchMessage],
    ]);
    // An account without a password (social sign-in) sends an empty current password.
    expect(
      PasswordFormSchema.safeParse({ current_password: "", password: "long-enough-1", password_confirmation: "long-enough-1" }).success,
    ).toBe(true);
  });

  it("reads unticked checkboxes as off", () => {
    expect(NotificationsFormSchema.parse({ news: "on" })).toEqual({
      newEpisodes: false,
      collectionUpdates: false,
      news: true,
      securityAlerts: false,
    });
  });
});

describe("sections", () => {
  it("/app/settings/ opens the site section", () => {
    const response = indexLoader();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/app/settings/site");
  });

  it("send visitors to sign in", async () => {
    try {
      await sessionsLoader(withLoadContext({ request: new Request(`${ORIGIN}/app/settings/sessions`), params: {}, context: {} }));
      throw new Error("expected a redirect");
    } catch (thrown) {
      expect((thrown as Response).headers.get("location")).toBe("/app/auth/login?redirectTo=%2Fapp%2Fsettings%2Fsessions");
    }
  });

  it("saves notification switches and reads them back", async () => {
    const cookie = await demoCookie();
    const request = () => new Request(`${ORIGIN}/app/settings/notifications`, { headers: { Cookie: cookie } });
    expect(await notificationsLoader(withLoadContext({ request: request(), params: {}, context: {} }))).toEqual({
      supported: true,
      value: { newEpisodes: true, collectionUpdates: true, news: false, securityAlerts: true },
    });
    redirectOf(
      await notificationsAction(
        withLoadContext({
          request: post("/app/settings/notifications", cookie, form({ intent: "notifications", news: "on" })),
          params: {},
          context: {},
        }),
      ),
    );
    expect(await notificationsLoader(withLoadContext({ request: request(), params: {}, context: {} }))).toEqual({
      supported: true,
      value: { newEpisodes: false, collectionUpdates: false, news: true, securityAlerts: false },
    });
  });
});

describe("account actions", () => {
  const call = (cookie: string, body: URLSearchParams | FormData) =>
    accountAction(withLoadContext({ request: post("/app/settings/account", cookie, body), params: {}, context: freshClient() }));

  it("change the nickname, and show bad input beside the field of the right form", async () => {
    const cookie = await demoCookie();
    const bad = answerOf(await call(cookie, form({ intent: "nickname", nickname: "x" })));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ intent: "nickname", fieldErrors: { nickname: ruleMessages.minLength(2) } });
    redirectOf(await call(cookie, form({ intent: "nickname", nickname: "Демо" })));
  });

  it("refuse a wrong current password on the field, without echoing passwords", async () => {
    const cookie = await demoCookie();
    const wrong = answerOf(
      await call(
        cookie,
        form({ intent: "password", current_password: "wrong-one", password: "new-password-1", password_confirmation: "new-password-1" }),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.fieldErrors).toEqual({ current_password: "Неверный текущий пароль." });
    expect(wrong.data.values).toEqual({});
  });

  it("ask before removing the avatar, and check the uploaded file", async () => {
    const cookie = await demoCookie();
    const asked = answerOf(await call(cookie, form({ intent: "removeAvatar" })));
    expect(asked).toMatchObject({ status: 200, data: { intent: "removeAvatar", confirm: {} } });
    redirectOf(await call(cookie, form({ intent: "removeAvatar", confirmed: "yes" })));

    const empty = new FormData();
    empty.set("intent", "avatar");
    expect(answerOf(await call(cookie, empty)).data.fieldErrors).toEqual({ avatar: settingsStrings.account.noFile });
    const text = new FormData();
    text.set("intent", "avatar");
    text.set("avatar", new Blob(["<svg/>"], { type: "image/svg+xml" }), "a.svg");
    expect(answerOf(await call(cookie, text)).data.fieldErrors).toEqual({ avatar: settingsStrings.account.wrongType });
    const disguised = new FormData();
    disguised.set("intent", "avatar");
    disguised.set("avatar", new Blob(["not really"], { type: "image/png" }), "a.png");
    expect(answerOf(await call(cookie, disguised)).data.fieldErrors).toEqual({
      avatar: "Аватар должен быть изображением JPEG, PNG или WebP.",
    });
    const png = new FormData();
    png.set("intent", "avatar");
    png.set(
      "avatar",
      new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], { type: "image/png" }),
      "a.png",
    );
    redirectOf(await call(cookie, png));
  });

  it("answer unknown intents and oversized bodies with a message, never a 500", async () => {
    const cookie = await demoCookie();
    expect(answerOf(await call(cookie, form({ intent: "deleteEverything" }))).status).toBe(400);
    const body = form({ intent: "revokeOthers", pad: "x".repeat(20_000) }).toString();
    const huge = new Request(`${ORIGIN}/app/settings/sessions`, {
      method: "POST",
      body,
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
    });
    expect(answerOf(await sessionsAction(withLoadContext({ request: huge, params: {}, context: {} }))).status).toBe(413);
  });
});

describe("sessions actions", () => {
  it("ask first, then end the chosen session", async () => {
    await demoCookie(); // the other device
    const cookie = await demoCookie();
    const listed = await sessionsLoader(
      withLoadContext({
        request: new Request(`${ORIGIN}/app/settings/sessions`, { headers: { Cookie: cookie } }),
        params: {},
        context: {},
      }),
    );
    if (!listed.supported) throw new Error("sessions should be supported");
    const target = listed.value.find((session) => !session.isCurrent);
    expect(target).toBeDefined();
    const fields = { intent: "revoke", sessionId: target?.id ?? "" };
    const asked = answerOf(
      await sessionsAction(withLoadContext({ request: post("/app/settings/sessions", cookie, form(fields)), params: {}, context: {} })),
    );
    expect(asked.data.confirm).toEqual({ sessionId: target?.id });
    redirectOf(
      await sessionsAction(
        withLoadContext({
          request: post("/app/settings/sessions", cookie, form({ ...fields, confirmed: "yes" })),
          params: {},
          context: {},
        }),
      ),
    );
    // Ending it again: it is already gone, which the toast says.
    redirectOf(
      await sessionsAction(
        withLoadContext({
          request: post("/app/settings/sessions", cookie, form({ ...fields, confirmed: "yes" })),
          params: {},
          context: {},
        }),
      ),
    );
  });
});

describe("an upstream without the settings calls", () => {
  const answering = (status: number) => ({
    baseUrl: "http://upstream.test/api/v1",
    embedded: false,
    transport: async () => Response.json({ message: "Not Found" }, { status }),
  });

  it("makes a section say so instead of failing, for 404 and 405", async () => {
    for (const status of [404, 405]) {
      const request = new Request(`${ORIGIN}/app/settings/socials`);
      const loaded = await loadIfSupported(request, () => getSocialLinks(apiContext(request, { upstream: answering(status), token: "t" })));
      expect(loaded).toEqual({ supported: false });
    }
  });

  it("turns a missing call behind a form into a 501 with a Russian message on that form", async () => {
    const cookie = await demoCookie();
    const action = settingsFormAction(
      {
        unlink: formSpec({
          schema: ProviderFormSchema,
          call: ({ request }) => getSocialLinks(apiContext(request, { upstream: answering(405), token: "t" })),
          success: () => new Response(null, { status: 303 }),
        }),
      },
      { unsupportedWhat: settingsStrings.socials.unsupportedWhat },
    );
    const answer = answerOf(
      await action(
        withLoadContext({
          request: post("/app/settings/socials", cookie, form({ intent: "unlink", provider: "vk", confirmed: "yes" })),
          params: {},
          context: {},
        }),
      ),
    );
    expect(answer.status).toBe(501);
    expect(answer.data).toMatchObject({
      intent: "unlink",
      formError:
        "Этот сервер AniLibria не поддерживает привязку соцсетей. Раздел доступен с встроенным API или с сервером, где эти вызовы есть.",
    });
  });

  it("still treats other failures as on every page", async () => {
    const request = new Request(`${ORIGIN}/app/settings/socials`);
    await expect(
      loadIfSupported(request, () => getSocialLinks(apiContext(request, { upstream: answering(502), token: "t" }))),
    ).rejects.toBeInstanceOf(Response);
  });
});
