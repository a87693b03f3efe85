// «С прошлого визита» in a browser (decision 0284): a viewer whose bell rings and whom no push reaches visits the
// home page; an episode of the title comes out on the upstream (a row in the embedded API's file, as its import
// writes one) and the sender sees it; on the next visit the home page lists it and the account menu's count
// includes it. With and without JavaScript: the page and the menu are the server's.
import path from "node:path";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../support/browser";
import { addEpisode } from "../support/new-episode";
import { signedInAt, useOwnClientAddress } from "./auth-helpers";

const DATA_DIRECTORY = path.resolve(".cache", `e2e-${E2E_PORT}`);
/** The visits' rule: page views within 30 minutes are one visit (NEW_VISIT_AFTER_MS). */
const ONE_VISIT_MS = 30 * 60_000;

function openDatabase(file: string) {
  const db = new Database(path.join(DATA_DIRECTORY, file));
  db.pragma("busy_timeout = 5000");
  return db;
}

type ReleaseRow = { id: number };

test("an episode out since the last visit waits on the home page and counts in the account menu", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  await useOwnClientAddress(page);
  const upstream = openDatabase("embedded-api.sqlite");
  const notifications = openDatabase("notifications.sqlite");
  // An old title with episodes, one per project (they run side by side), that no other journey rings for.
  const release = upstream
    .prepare(
      `SELECT r.id FROM releases r WHERE EXISTS (SELECT 1 FROM episodes e WHERE e.release_id = r.id)
       ORDER BY r.fresh_at ASC, r.id ASC LIMIT 1 OFFSET ?`,
    )
    .get(testInfo.project.name === "js" ? 0 : 1) as ReleaseRow;
  const episodeId = randomUUID();
  let takeBack: (() => void) | undefined;
  try {
    await signedInAt(page);
    const origin = new URL(baseURL!).origin;
    const rung = await page.request.post("/notifications/bell", {
      form: { releaseId: String(release.id), mode: "all", redirectTo: "/" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(rung.status()).toBe(303);

    await page.goto("/");
    await expect(page.getByRole("list", { name: "С прошлого визита" })).toHaveCount(0);

    takeBack = addEpisode(upstream, release.id, episodeId);
    // The sender looks at the upstream's latest releases each round (2 s on the test server).
    await expect
      .poll(() => Boolean(notifications.prepare("SELECT 1 FROM seen_episodes WHERE episode_id = ?").get(episodeId)), { timeout: 30_000 })
      .toBe(true);
    // The viewer comes back later: their visit so far moved back past one visit's length.
    const moved = notifications
      .prepare("UPDATE viewer_settings SET last_visit_at = last_visit_at - ? WHERE owner IN (SELECT owner FROM bells WHERE release_id = ?)")
      .run(ONE_VISIT_MS + 60_000, release.id);
    expect(moved.changes).toBe(1);

    await page.goto("/");
    const since = page.getByRole("list", { name: "С прошлого визита" });
    await expect(since.locator(`a[href="/anime/video/episode/${episodeId}"]`)).toBeVisible();
    // The account menu's «Новые серии» with its count (nothing else new for a fresh account).
    await expect(page.locator('a[href="/me/new-episodes/"]')).toHaveText(/^Новые серии\s*1$/);
  } finally {
    takeBack?.();
    upstream.close();
    notifications.close();
  }
});
