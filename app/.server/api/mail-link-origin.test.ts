// The links the embedded API mails (password reset, e-mail verification) point at SITE_URL, whatever Host the
// request that asked for them named (decision 0250's mailed links).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_ACCOUNT } from "../../../embedded-api/index";

vi.stubEnv("EMBEDDED_API_DB", ":memory:");
vi.stubEnv("UPSTREAM_URL", "");
vi.stubEnv("SITE_URL", "https://anilibria.example");

const { closeEmbeddedApi, getEmbeddedApi } = await import("./transport");
const { forgetPassword } = await import("./auth");
const { apiContext } = await import("./context");

// Seeding the in-memory demo catalogue takes a few seconds on a busy machine.
beforeAll(() => getEmbeddedApi(), 60_000);
afterAll(() => closeEmbeddedApi());

describe("mailed links", () => {
  it("take their origin from SITE_URL, not from the Host of the request", async () => {
    for (const requestUrl of [
      "http://127.0.0.1:31337/app/auth/password/forgetPassword",
      "http://evil.example/app/auth/password/forgetPassword",
    ]) {
      await forgetPassword(apiContext(new Request(requestUrl, { method: "POST" })), DEMO_ACCOUNT.email);
    }
    const mailbox = await (await (await getEmbeddedApi()).handle(new Request("http://127.0.0.1/embedded/mailbox"))).text();
    const links = [...mailbox.matchAll(/<a href="([^"]+)">Открыть ссылку из письма<\/a>/g)].map((match) => match[1]);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toMatch(/^https:\/\/anilibria\.example\/app\/auth\/password\/resetPassword\?token=/);
  });
});
