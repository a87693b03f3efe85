// Account settings calls (beyond the document): nickname, e-mail, password, avatar, notifications, social links.
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNT } from "../demo-constants";
import { TEST_ORIGIN, TestClient, asJson, asList } from "../test-support";
import { sniffImage } from "./avatars";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

function uploadAvatar(client: TestClient, token: string, file: Blob | string | null, headers: Record<string, string> = {}) {
  const form = new FormData();
  if (typeof file === "string") form.set("avatar", file);
  else if (file !== null) form.set("avatar", file, "avatar.png");
  return client.api.handle(
    new Request(`${TEST_ORIGIN}/api/v1/accounts/users/me/profile/avatar`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}`, ...headers },
    }),
  );
}

async function socialOnlyUser(client: TestClient, identity: string): Promise<string> {
  const start = asJson((await client.get("/accounts/users/auth/social/google/login")).body);
  await client.post("/embedded/oauth/google", {
    rawBody: new URLSearchParams({ state: start.state as string, identity, decision: "allow" }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const answer = await client.get(`/accounts/users/auth/social/authenticate?state=${encodeURIComponent(start.state as string)}`);
  return asJson(answer.body).token as string;
}

describe("nickname and e-mail", () => {
  const client = new TestClient();
  afterAll(() => client.close());

  it("changes the nickname with the registration rules and answers the profile", async () => {
    const token = await client.signIn();
    const changed = await client.post("/accounts/users/me/profile/nickname", { token, body: { nickname: "  Новый ник  " } });
    expect(changed.status).toBe(200);
    expect(asJson(changed.body).nickname).toBe("Новый ник");
    const tooShort = await client.post("/accounts/users/me/profile/nickname", { token, body: { nickname: "x" } });
    expect(tooShort.status).toBe(422);
    expect(Object.keys(asJson(asJson(tooShort.body).errors))).toEqual(["nickname"]);
    expect((await client.post("/accounts/users/me/profile/nickname", { body: { nickname: "Гость" } })).status).toBe(403);
  });

  it("changes the e-mail only with the current password, keeps addresses unique and tells the old address", async () => {
    const token = await client.signIn();
    const wrong = await client.post("/accounts/users/me/profile/email", {
      token,
      body: { email: "new@example.com", current_password: "nope" },
    });
    expect(wrong.status).toBe(422);
    expect(asJson(asJson(wrong.body).errors).current_password).toEqual(["Неверный текущий пароль."]);
    const missing = await client.post("/accounts/users/me/profile/email", { token, body: { email: "new@example.com" } });
    expect(asJson(asJson(missing.body).errors).current_password).toEqual(["Введите текущий пароль."]);
    expect(
      (
        await client.post("/accounts/users/me/profile/email", {
          token,
          body: { email: "not-an-address", current_password: DEMO_ACCOUNT.password },
        })
      ).status,
    ).toBe(422);

    const changed = await client.post("/accounts/users/me/profile/email", {
      token,
      body: { email: "new@example.com", current_password: DEMO_ACCOUNT.password },
    });
    expect(changed.status).toBe(200);
    expect(asJson(changed.body).email).toBe("new@example.com");
    expect((await client.get("/embedded/mailbox")).text).toContain(`кому: ${DEMO_ACCOUNT.email}`);
    // Signing in by the new address works.
    expect(await client.signIn("new@example.com")).toBeTruthy();
  });
});

describe("password change", () => {
  const client = new TestClient();
  afterAll(() => client.close());

  it("checks the current password and the confirmation, then ends every other session", async () => {
    const other = await client.signIn();
    const token = await client.signIn();
    const mismatch = await client.post("/accounts/users/me/profile/password", {
      token,
      body: { current_password: DEMO_ACCOUNT.password, password: "brand-new-pass", password_confirmation: "different-pass" },
    });
    expect(mismatch.status).toBe(422);
    expect(Object.keys(asJson(asJson(mismatch.body).errors))).toEqual(["password_confirmation"]);
    const wrong = await client.post("/accounts/users/me/profile/password", {
      token,
      body: { current_password: "wrong", password: "brand-new-pass", password_confirmation: "brand-new-pass" },
    });
    expect(wrong.status).toBe(422);
    expect((await client.get("/accounts/users/me/profile", { token: other })).status).toBe(200);

    const changed = await client.post("/accounts/users/me/profile/password", {
      token,
      body: { current_password: DEMO_ACCOUNT.password, password: "brand-new-pass", password_confirmation: "brand-new-pass" },
    });
    expect(changed.status).toBe(200);
    expect(asJson(changed.body).ended_sessions).toBe(1);
    expect((await client.get("/accounts/users/me/profile", { token })).status).toBe(200);
    expect((await client.get("/accounts/users/me/profile", { token: other })).status).toBe(403);
    expect((await client.post("/accounts/users/auth/login", { body: { login: "demo", password: DEMO_ACCOUNT.password } })).status).toBe(
      401,
    );
    expect(await client.signIn("demo", "brand-new-pass")).toBeTruthy();
  });

  it("lets an account made by social sign-in set its first password without a current one", async () => {
    const token = await socialOnlyUser(client, "first-password");
    const set = await client.post("/accounts/users/me/profile/password", {
      token,
      body: { password: "my-first-pass", password_confirmation: "my-first-pass" },
    });
    expect(set.status).toBe(200);
    const again = await client.post("/accounts/users/me/profile/password", {
      token,
      body: { password: "another-pass", password_confirmation: "another-pass" },
    });
    expect(asJson(asJson(again.body).errors).current_password).toEqual(["Введите текущий пароль."]);
  });
});

describe("avatar", () => {
  const client = new TestClient();
  afterAll(() => client.close());

  it("stores an uploaded image, serves it at a new address each time and falls back to the demo avatar", async () => {
    const token = await client.signIn();
    const uploaded = await uploadAvatar(client, token, new Blob([PNG], { type: "image/png" }));
    expect(uploaded.status).toBe(200);
    const avatar = asJson(asJson(await uploaded.json()).avatar);
    expect(avatar.preview).toMatch(/^\/storage\/uploads\/avatars\/\d+\/[\w-]+\.png$/);
    const served = await client.get(avatar.preview as string);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(asJson(asJson((await client.get("/accounts/users/me/profile", { token })).body).avatar).preview).toBe(avatar.preview);

    const second = asJson(asJson(await (await uploadAvatar(client, token, new Blob([PNG]))).json()).avatar);
    expect(second.preview).not.toBe(avatar.preview);
    expect((await client.get(avatar.preview as string)).status).toBe(404);

    const removed = await client.delete("/accounts/users/me/profile/avatar", { token });
    expect(asJson(asJson(removed.body).avatar).preview).toMatch(/^\/storage\/avatars\/\d+\/preview\.jpg$/);
    expect((await client.get(second.preview as string)).status).toBe(404);
  });

  it("refuses what is not a JPEG, PNG or WebP image, an empty field, JSON and files over 2 MB", async () => {
    const token = await client.signIn();
    const html = await uploadAvatar(client, token, new Blob(["<svg onload=alert(1)>"], { type: "image/png" }));
    expect(html.status).toBe(422);
    expect(asJson(asJson(await html.json()).errors).avatar).toEqual(["Аватар должен быть изображением JPEG, PNG или WebP."]);
    expect((await uploadAvatar(client, token, null)).status).toBe(422);
    expect((await uploadAvatar(client, token, "text value")).status).toBe(422);
    expect((await client.post("/accounts/users/me/profile/avatar", { token, body: { avatar: "x" } })).status).toBe(422);
    const overLimit = new Uint8Array(2 * 1024 * 1024 + 1);
    overLimit.set(PNG);
    expect((await uploadAvatar(client, token, new Blob([overLimit]))).status).toBe(422);
    // A body far over the limit is refused before it is read to the end.
    expect((await uploadAvatar(client, token, new Blob([overLimit, overLimit]))).status).toBe(413);
    expect((await client.get("/storage/uploads/avatars/1/../../posters/01/preview.jpg")).status).toBe(404);
  });

  it("knows images by their bytes", () => {
    expect(sniffImage(PNG)?.type).toBe("image/png");
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))?.ext).toBe("jpg");
    expect(sniffImage(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))?.ext).toBe("webp");
    expect(sniffImage(new TextEncoder().encode("GIF89a"))).toBeNull();
  });
});

describe("notification switches", () => {
  const client = new TestClient();
  afterAll(() => client.close());

  it("answers defaults, stores partial changes and refuses unknown keys and non-booleans", async () => {
    const token = await client.signIn();
    const defaults = asJson((await client.get("/accounts/users/me/notifications/settings", { token })).body);
    expect(defaults).toEqual({ new_episodes: true, collection_updates: true, news: false, security_alerts: true });
    const changed = await client.post("/accounts/users/me/notifications/settings", { token, body: { news: true, new_episodes: "0" } });
    expect(changed.body).toEqual({ new_episodes: false, collection_updates: true, news: true, security_alerts: true });
    expect((await client.get("/accounts/users/me/notifications/settings", { token })).body).toEqual(changed.body);
    expect((await client.post("/accounts/users/me/notifications/settings", { token, body: { news: "maybe" } })).status).toBe(422);
    expect((await client.post("/accounts/users/me/notifications/settings", { token, body: { spam: true } })).status).toBe(422);
    expect((await client.get("/accounts/users/me/notifications/settings")).status).toBe(403);
  });
});

describe("social links", () => {
  const client = new TestClient();
  afterAll(() => client.close());

  const allow = (url: string, identity: string) =>
    client.post(new URL(url).pathname, {
      rawBody: new URLSearchParams({ state: new URL(url).searchParams.get("state") ?? "", identity, decision: "allow" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  it("links through the consent stand-in only for the user who started, then unlinks", async () => {
    const token = await client.signIn();
    const before = asList((await client.get("/accounts/users/me/socials", { token })).body);
    expect(before.map((link) => [link.provider, link.is_linked])).toEqual([
      ["vk", false],
      ["google", false],
      ["patreon", false],
      ["discord", false],
    ]);

    const start = asJson((await client.get("/accounts/users/me/socials/vk/link?host=http%3A%2F%2Fapp.test", { token })).body);
    const state = start.state as string;
    const complete = (as: string) => client.post("/accounts/users/me/socials/vk/link", { token: as, body: { state } });
    expect((await complete(token)).status).toBe(422);
    const consent = await allow(start.url as string, "demo-vk");
    expect(consent.headers.get("location")).toBe(`http://app.test/app/settings/socials/callback?state=${encodeURIComponent(state)}`);
    // A link state never signs anybody in.
    expect((await client.get(`/accounts/users/auth/social/authenticate?state=${encodeURIComponent(state)}`)).status).toBe(404);
    const stranger = await socialOnlyUser(client, "stranger");
    expect((await complete(stranger)).status).toBe(422);

    const linked = asList((await complete(token)).body);
    expect(linked.find((link) => link.provider === "vk")).toMatchObject({ is_linked: true, identity: "demo-vk", name: "VK ID" });
    expect((await complete(token)).status).toBe(422);

    // Signing in with that VK account now opens the demo account.
    const login = asJson((await client.get("/accounts/users/auth/social/vk/login")).body);
    await allow(login.url as string, "demo-vk");
    const signedIn = asJson(
      (await client.get(`/accounts/users/auth/social/authenticate?state=${encodeURIComponent(login.state as string)}`)).body,
    );
    expect(asJson((await client.get("/accounts/users/me/profile", { token: signedIn.token as string })).body).login).toBe("demo");

    const unlinked = asList((await client.delete("/accounts/users/me/socials/vk", { token })).body);
    expect(unlinked.every((link) => !link.is_linked)).toBe(true);
    expect((await client.delete("/accounts/users/me/socials/vk", { token })).status).toBe(200);
    expect((await client.delete("/accounts/users/me/socials/myspace", { token })).status).toBe(404);
  });

  it("refuses an identity that belongs to another account and unlinking the only way in", async () => {
    const owner = await socialOnlyUser(client, "taken-identity");
    const token = await client.signIn();
    const start = asJson((await client.get("/accounts/users/me/socials/google/link", { token })).body);
    await allow(start.url as string, "taken-identity");
    const taken = await client.post("/accounts/users/me/socials/google/link", { token, body: { state: start.state } });
    expect(taken.status).toBe(422);
    expect(asJson(asJson(taken.body).errors).provider).toBeDefined();

    const only = await client.delete("/accounts/users/me/socials/google", { token: owner });
    expect(only.status).toBe(422);
    expect(String(asJson(only.body).message)).toContain("единственный способ входа");
  });
});
