// Public entry of the embedded API: an AniLibria API v1 server on SQLite with demo data and media.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { finishSetup, openDatabase } from "./db/database";
import { seedDatabase } from "./seed/seed-database";
import { indexTitleWords } from "./resources/word-search";
import { createHandler, type HandleOptions } from "./handler";
import type { RecaptchaVerifier, Services } from "./http/context";
import { googleRecaptchaVerifier } from "./accounts/recaptcha";
import { startSweeping, sweepExpired } from "./accounts/housekeeping";

export type { RecaptchaVerifier } from "./http/context";
export type { HandleOptions } from "./handler";
export { toNodeListener, startStandaloneServer } from "./node-http-adapter";
export { jsonValueOf, jsonValueResponse } from "./http/json-value";
export { DEMO_ACCOUNT } from "./demo-constants";

export interface EmbeddedApiOptions {
  /** SQLite file (created and seeded on first start) or ":memory:". */
  dbPath: string;
  /** Size of the demo catalogue written into an empty database (default 300 releases). */
  /** `demoLists: false` leaves the demo account's favorites, collections and timecodes empty (tests that count them). */
  seed?: { releases?: number; demoLists?: boolean };
  /** When set, registration's recaptcha_token is verified (against Google unless verifyRecaptcha is given). */
  recaptchaSecret?: string;
  /** Production turns off the development mailbox, the social consent stand-in and the demo account. */
  production?: boolean;
  /** Replaces the Google check when recaptchaSecret is set (tests, other bot checks). */
  verifyRecaptcha?: RecaptchaVerifier;
  /** Clock, for tests of expiring tokens. */
  now?: () => Date;
  /** Folder of the demo media (default: embedded-api/media next to this file). */
  mediaDir?: string;
}

export interface EmbeddedApi {
  handle(request: Request, options?: HandleOptions): Promise<Response>;
  close(): void;
}

export const DEFAULT_MEDIA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "media");

export function createEmbeddedApi(options: EmbeddedApiOptions): EmbeddedApi {
  const production = options.production ?? false;
  const db = openDatabase(options.dbPath);
  seedDatabase(db, { releases: options.seed?.releases, withDemoAccount: !production, withDemoLists: options.seed?.demoLists ?? true });
  indexTitleWords(db);
  finishSetup(db);
  const services: Services = {
    db,
    production,
    now: options.now ?? (() => new Date()),
    verifyRecaptcha: options.recaptchaSecret ? (options.verifyRecaptcha ?? googleRecaptchaVerifier(options.recaptchaSecret)) : null,
  };
  const handle = createHandler(services, options.mediaDir ?? DEFAULT_MEDIA_DIR);
  sweepExpired(db, services.now());
  const stopSweeping = startSweeping(db, services.now);
  let closed = false;
  return {
    handle,
    close() {
      if (closed) return;
      closed = true;
      stopSweeping();
      db.close();
    },
  };
}
