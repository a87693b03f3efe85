// Who is asking for a development page (decision 0250): the development pages stand in for a mail server and
// for social networks, so they must not hand one visitor's mail, account or settings to another.
import type { Db } from "../db/database";
import { randomSecret, sha256 } from "../accounts/secrets";
import type { SocialProvider } from "../db/rows";

/**
 * The nearest hop's address: the right-most X-Forwarded-For entry, which the one who handed us the request
 * wrote — the site's server (the visitor's address as TRUST_PROXY reads it) in-process, our own HTTP adapter
 * (the socket's peer) standalone. Without the header the caller is the process itself.
 */
export function nearestClientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  if (forwarded === null) return "127.0.0.1";
  return forwarded.split(",").at(-1)?.trim() ?? "";
}

/** The stand-in's own cookie, naming the browser that consents (random; only its hash is stored). */
const BROWSER_COOKIE = "embedded_dev_browser";
const BROWSER_ID = /^[A-Za-z0-9_-]{32,64}$/;

export type StandInBrowser = { id: string; cookie: string | null };

/** The browser's id from its cookie, or a new one with the cookie that names it. */
export function standInBrowserOf(request: Request): StandInBrowser {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, value = ""] = part.trim().split("=", 2);
    if (name === BROWSER_COOKIE && BROWSER_ID.test(value)) return { id: value, cookie: null };
  }
  const id = randomSecret(24);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return { id, cookie: `${BROWSER_COOKIE}=${id}; Path=/embedded/oauth; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}` };
}

/**
 * May this browser sign in as (or link) this provider account? The first browser to name an account claims it;
 * an account already known without a claim (the demo data, or made before claims were recorded) belongs to no
 * browser. Check and claim in one transaction, so two browsers cannot both win.
 */
export function claimProviderAccount(db: Db, provider: SocialProvider, identity: string, browserId: string, now: Date): boolean {
  return db.transaction(() => {
    const claimedBy = db
      .prepare("SELECT browser_hash FROM dev_social_identity_browsers WHERE provider = ? AND provider_user_id = ?")
      .pluck()
      .get(provider, identity) as string | undefined;
    if (claimedBy !== undefined) return claimedBy === sha256(browserId);
    const known = db.prepare("SELECT 1 FROM user_social_identities WHERE provider = ? AND provider_user_id = ?").get(provider, identity);
    if (known) return false;
    db.prepare("INSERT INTO dev_social_identity_browsers (provider, provider_user_id, browser_hash, created_at) VALUES (?, ?, ?, ?)").run(
      provider,
      identity,
      sha256(browserId),
      now.toISOString(),
    );
    return true;
  })();
}
