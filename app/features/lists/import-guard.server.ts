// Who may start a data import now: one at a time per account, a few per ten minutes (decision 0249).
import { createRateLimiter, type RateLimiter } from "~/.server/security/rate-limit.server";
import { formatCount } from "~/i18n/format";

/** Counted in Redis when REDIS_URL is set, so it holds across workers and replicas; in process memory otherwise. */
export const IMPORT_RATE_LIMIT = { name: "data-import", limit: 5, windowMs: 10 * 60_000, maxKeys: 10_000 } as const;

/**
 * Every post of the import form (a file, or a list's confirmation), asked before a byte of it is read (decision
 * 0281): per account, room for the five previews and five imports above; per address, for two such accounts.
 */
export const UPLOAD_RATE_LIMITS = {
  account: { name: "data-upload", limit: 10, windowMs: 10 * 60_000, maxKeys: 10_000 },
  address: { name: "data-upload-address", limit: 20, windowMs: 10 * 60_000, maxKeys: 10_000 },
} as const;

const inMinutes = (retryAfterSeconds: number) => formatCount(Math.max(1, Math.ceil(retryAfterSeconds / 60)), "minutesLater");

export const importGuardStrings = {
  busy: "Импорт уже идёт: дождитесь его окончания и загрузите следующий файл.",
  rateLimited: (retryAfterSeconds: number) =>
    `Слишком много импортов: не больше ${IMPORT_RATE_LIMIT.limit} за ${IMPORT_RATE_LIMIT.windowMs / 60_000} минут. ` +
    `Попробуйте снова через ${inMinutes(retryAfterSeconds)}.`,
  uploadsLimited: (retryAfterSeconds: number) => `Слишком много загрузок файлов. Попробуйте снова через ${inMinutes(retryAfterSeconds)}.`,
} as const;

export type ImportClaim =
  | { granted: true; release: () => void }
  | { granted: false; reason: "busy"; message: string }
  | { granted: false; reason: "rate-limited"; message: string; retryAfterSeconds: number };

export type ImportGuard = { claim(accountId: number): Promise<ImportClaim>; running(): number };

export function createImportGuard(
  limiter: RateLimiter = createRateLimiter(IMPORT_RATE_LIMIT),
  rateLimitedMessage: (retryAfterSeconds: number) => string = importGuardStrings.rateLimited,
): ImportGuard {
  /** Accounts importing in this process: one entry per running import, removed when it ends (so bounded by them). */
  const importing = new Set<number>();
  return {
    async claim(accountId) {
      if (importing.has(accountId)) return { granted: false, reason: "busy", message: importGuardStrings.busy };
      // Taken before the limiter is asked, so a second upload arriving meanwhile finds it taken.
      importing.add(accountId);
      const decision = await limiter.hit(String(accountId));
      if (!decision.allowed) {
        importing.delete(accountId);
        const { retryAfterSeconds } = decision;
        return { granted: false, reason: "rate-limited", message: rateLimitedMessage(retryAfterSeconds), retryAfterSeconds };
      }
      let released = false;
      return {
        granted: true,
        release: () => {
          if (released) return;
          released = true;
          importing.delete(accountId);
        },
      };
    },
    running: () => importing.size,
  };
}

export const importGuard = createImportGuard();

/**
 * An anime list's preview: matching a large list by title is work of its own, so previews are limited like imports,
 * but separately, so that the preview of a list and its confirmation do not take two of the five imports.
 */
export const LIST_PREVIEW_RATE_LIMIT = { ...IMPORT_RATE_LIMIT, name: "list-import-preview" } as const;
export const listPreviewGuard = createImportGuard(createRateLimiter(LIST_PREVIEW_RATE_LIMIT));

/** Every post of the import form, before its body is read: per address; per account, one at a time (decision 0281). */
export const uploadGuards = {
  address: createRateLimiter(UPLOAD_RATE_LIMITS.address),
  account: createImportGuard(createRateLimiter(UPLOAD_RATE_LIMITS.account), importGuardStrings.uploadsLimited),
} as const;
