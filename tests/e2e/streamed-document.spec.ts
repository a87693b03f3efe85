// A document whose loader data is all there is rendered in one pass; one whose data is still coming is streamed
// (decision 0224). Here the upstream holds a signed-in viewer's favourite ids back, as a slow live API would: the
// page goes out first, the account extras after it, and the page still hydrates and works.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { startServer } from "../../scripts/lib/server.mjs";
import { startEmbeddedApiProcess, type EmbeddedApiProcess } from "../support/embedded-api-process";
import { forwardTo, startHost, type Host } from "../support/forwarding-host";
import { freePort } from "../support/real-servers";
import { signIn } from "./auth-helpers";
import { findPlayableRelease, type DemoRelease } from "./player-helpers";
import { waitForHydration } from "./hydration";

const EXTRAS_DELAY_MS = 1500;
/** React's mark for a Suspense boundary whose content comes later in the same response. */
const PENDING_BOUNDARY = "<!--$?-->";
const HANDOFF_CLOSE = "window.__remixContext.streamController.close();";

let directory: string;
let api: EmbeddedApiProcess;
let slowApi: Host;
let app: Awaited<ReturnType<typeof startServer>>;
let release: DemoRelease;

test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  directory = mkdtempSync(path.join(tmpdir(), "e2e-streamed-"));
  api = await startEmbeddedApiProcess({ port: await freePort(), dbPath: path.join(directory, "api.sqlite") });
  slowApi = await startHost(
    forwardTo(() => api.origin, { delayMs: (url) => (url.startsWith("/api/v1/accounts/users/me/favorites/ids") ? EXTRAS_DELAY_MS : 0) }),
  );
  app = await startServer({
    port: await freePort(),
    env: { UPSTREAM_URL: `${slowApi.origin}/api/v1`, UPSTREAM_MEDIA_URL: api.origin, PAGE_CACHE_SECONDS: "0" },
  });
  const apiRequest = await playwrightRequest.newContext({ baseURL: api.origin });
  release = await findPlayableRelease(apiRequest);
  await apiRequest.dispose();
});

test.afterAll(async () => {
  await app?.stop();
  await slowApi?.close();
  await api?.stop();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

async function signedInRequest(): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL: app.baseUrl });
  const answer = await request.post("/app/auth/login", {
    form: { login: "demo", password: "demo-password", redirectTo: "/" },
    headers: { Origin: app.baseUrl },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  return request;
}

test(
  "a visitor's page is one pass: the loader data in one script, the hand-off closed, nothing left pending",
  { tag: "@js-only" },
  async () => {
    const request = await playwrightRequest.newContext({ baseURL: app.baseUrl });
    const html = await (await request.get("/anime/catalog/")).text();
    await request.dispose();
    expect(html).not.toContain(PENDING_BOUNDARY);
    expect(html.match(/streamController\.enqueue\(/g)).toHaveLength(1);
    expect(html).toContain(HANDOFF_CLOSE);
  },
);

test("a signed-in page whose account extras are late goes out first and takes the extras after", { tag: "@js-only" }, async () => {
  const request = await signedInRequest();
  const asked = slowApi.log.length;
  const html = await (await request.get("/anime/catalog/")).text();
  await request.dispose();
  expect(slowApi.log.slice(asked).some((url) => url.startsWith("/api/v1/accounts/users/me/favorites/ids"))).toBe(true);
  const pending = html.indexOf(PENDING_BOUNDARY);
  expect(pending, "the shell was sent with the extras still pending").toBeGreaterThan(-1);
  expect(html.indexOf("favoriteIds"), "the extras came after the shell").toBeGreaterThan(pending);
  expect(html).toContain(HANDOFF_CLOSE);
  expect(html).toContain("Каталог аниме");
});

test("the streamed page hydrates and its favourite button works", { tag: "@js-only" }, async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  // React reports a hydration mismatch it recovered from on the console.
  page.on("console", (message) => {
    if (message.type() === "error" && /react|hydrat/i.test(message.text())) problems.push(message.text());
  });
  await page.goto(`${app.baseUrl}/app/auth/login`);
  await signIn(page, "demo", "demo-password");
  await expect(page).not.toHaveURL(/\/app\/auth\/login/);

  await page.goto(`${app.baseUrl}/anime/releases/release/${release.alias}`);
  // The button's fetcher is what is tested: a click before the modules come is the plain form's post (decision 0234).
  await waitForHydration(page);
  const favorite = page.getByRole("button", { name: /избранно/i }).first();
  const wasPressed = (await favorite.getAttribute("aria-pressed")) === "true";
  await favorite.click();
  await expect(favorite).toHaveAttribute("aria-pressed", String(!wasPressed));
  await page.reload();
  await expect(page.getByRole("button", { name: /избранно/i }).first()).toHaveAttribute("aria-pressed", String(!wasPressed));
  expect(problems).toEqual([]);
});
