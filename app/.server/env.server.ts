// Configuration from the environment, validated once at start: a bad value stops the server naming it.
import { isIP } from "node:net";
import { z } from "zod";

const DEVELOPMENT_SESSION_SECRET = "development-only-secret-change-me-0123456789";

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value.replace(/\/+$/, "")))
  .pipe(z.string().url().optional());

/**
 * One URL or several, comma-separated (mirrors, in order of preference; decision 0210). Each entry is trimmed
 * and must be an http(s) URL; empty is the same as unset.
 */
const UrlListSchema = z
  .string()
  .trim()
  .transform((value, context): string[] | undefined => {
    const entries = value
      .split(",")
      .map((entry) => entry.trim().replace(/\/+$/, ""))
      .filter(Boolean);
    const invalid = entries.find((entry) => !/^https?:\/\//i.test(entry) || !URL.canParse(entry));
    if (invalid !== undefined) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: `"${invalid}" is not an http(s) URL (several are separated by commas)` });
      return z.NEVER;
    }
    if (new Set(entries).size !== entries.length) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: "lists the same URL twice" });
      return z.NEVER;
    }
    return entries.length > 0 ? entries : undefined;
  });

/** proxy-addr's names for the private ranges (Express's "trust proxy" understands them). */
const NAMED_ADDRESS_RANGES: ReadonlySet<string> = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_ADDRESS_RANGES.has(entry)) return true;
  const [address = "", prefix, ...extra] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || extra.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Which proxies' `X-Forwarded-*` headers are believed, in the form Express's "trust proxy" takes: a number of
 * hops counted from our socket (so the client address is read from the right of X-Forwarded-For, where
 * our own proxies wrote it), or the proxies' addresses and ranges. `true` is one hop. Decision 0105.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, context): number | string[] => {
    if (value === "" || value === "false") return 0;
    if (value === "true") return 1;
    if (/^\d+$/.test(value)) {
      if (Number(value) <= 10) return Number(value);
      context.addIssue({ code: z.ZodIssueCode.custom, message: "at most 10 proxy hops" });
      return z.NEVER;
    }
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.find((entry) => !isAddressOrRange(entry));
    if (invalid !== undefined) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: `"${invalid}" is not false, true, a hop count, an IP address, a CIDR range or loopback/linklocal/uniquelocal`,
      });
      return z.NEVER;
    }
    return entries;
  });

const HOSTNAME_PATTERN = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)$/;

/** Comma-separated host names without scheme or port; empty is the same as unset. */
const HostListSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => {
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    return entries.length > 0 ? entries : undefined;
  })
  .pipe(z.array(z.string().regex(HOSTNAME_PATTERN, "must be host names without scheme or port, comma-separated")).optional());

/** The hosts a production server answers when neither SITE_URL nor ALLOWED_HOSTS says otherwise: `npm start` on this machine. */
export const LOOPBACK_HOSTS: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The operator's VAST tag for the player's pre-roll (decision 0150): a URL, or `off`. Unset means the API's own
 * chain on the embedded API (its demo pre-roll) and no pre-roll on a live API.
 */
const VastUrlSchema = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(
    z
      .union([
        z.literal("off"),
        z
          .string()
          .url()
          .refine((value) => /^https?:\/\//i.test(value), "must be an http(s) URL or off"),
      ])
      .optional(),
  );

/** redis:// or rediss:// with optional user, password, port and database; empty is the same as unset. */
const RedisUrlSchema = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(
    z
      .string()
      .url()
      .refine((value) => /^rediss?:\/\//i.test(value), "must be a redis:// or rediss:// URL")
      .optional(),
  );

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    /** Behind reverse proxies: how many hops (or which addresses) to believe X-Forwarded-For/-Proto/-Host from. */
    TRUST_PROXY: TrustProxySchema.default("false"),
    /** The API's host, or its mirrors comma-separated: the first healthy one is used (decision 0210). */
    UPSTREAM_URL: UrlListSchema.optional(),
    UPSTREAM_MEDIA_URL: UrlListSchema.optional(),
    /** The largest API answer read over the network, in MB; a larger one is cut off and fails (decision 0248). */
    UPSTREAM_MAX_ANSWER_MB: z.coerce.number().int().min(1).max(64).default(4),
    EMBEDDED_API_DB: z.string().trim().min(1).default("./data/embedded-api.sqlite"),
    /** The embedded API's development mailbox and social-login stand-in; on by default outside production. */
    EMBEDDED_API_DEV_PAGES: z.enum(["true", "false"]).optional(),
    SESSION_SECRET: optionalText,
    SITE_NAME: z.string().trim().min(1).default("AniLibria"),
    SITE_URL: optionalUrl.optional(),
    /** Further host names the site answers to besides SITE_URL's (decision 0107). */
    ALLOWED_HOSTS: HostListSchema.optional(),
    CONTACT_EMAIL: z.string().trim().email().default("ads@anilibria.example"),
    ABUSE_EMAIL: z.string().trim().email().default("abuse@anilibria.example"),
    RECAPTCHA_SITE_KEY: optionalText,
    RECAPTCHA_SECRET: optionalText,
    FINGERPRINT_API_KEY: optionalText,
    VAST_URL: VastUrlSchema.optional(),
    /** The longest the shared page cache keeps a visitor's page (server/page-cache.ts); 0 turns it off. */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /** The page cache's size in megabytes, keys and headers counted (decision 0247); fits a 128 MB heap as it is. */
    PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(1024).default(32),
    /** Shared store of the rate limits across workers and replicas (decision 0180); unset keeps them per process. */
    REDIS_URL: RedisUrlSchema.optional(),
    /**
     * What every Redis key and channel of this deployment starts with, so that two deployments on one Redis share
     * neither rooms nor limits (decision 0279).
     */
    REDIS_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1–64 letters, digits or _ . : -")
      .default("anilibria:"),
    /** How long a watch-together room waits for a member whose player buffers, in seconds (decision 0280). */
    WATCH_TOGETHER_BUFFER_WAIT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
    /** The app's own SQLite file for bells, push subscriptions and deliveries (decision 0284); not the embedded API's. */
    NOTIFICATIONS_DB: z.string().trim().min(1).default("./data/notifications.sqlite"),
    /** Web Push's VAPID key pair (base64url, P-256): both or neither; without them the bell works and push is off. */
    VAPID_PUBLIC_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)")
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)")
        .optional(),
    ),
    /** Who push services may contact about this sender: a mailto: or https: address; default mailto:CONTACT_EMAIL. */
    VAPID_SUBJECT: optionalText.pipe(
      z
        .string()
        .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "must be a mailto: or https: address")
        .optional(),
    ),
    /** Whether this process may become the one that watches for new episodes and sends pushes (decision 0284). */
    NOTIFICATION_SENDER: z.enum(["on", "off"]).default("on"),
    /**
     * How often the sender looks at the upstream for new episodes and sends what is due, in seconds (decision 0290):
     * an episode waits half a round on average, a whole one at worst, before its pushes leave.
     */
    NOTIFICATION_ROUND_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** How long a client may take to send its request's headers, then the whole request (408 after that). */
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    /** Lets a caller from elsewhere than this machine read /healthz's details (`Authorization: Bearer …`). */
    HEALTHZ_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters long").optional()),
  })
  .superRefine((value, context) => {
    if (value.NODE_ENV === "production" && !value.SESSION_SECRET) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message: "is required in production (one or more secrets, comma-separated, newest first)",
      });
    }
    if (value.HEADERS_TIMEOUT_SECONDS > value.REQUEST_TIMEOUT_SECONDS) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["HEADERS_TIMEOUT_SECONDS"],
        message: "must not exceed REQUEST_TIMEOUT_SECONDS",
      });
    }
    if (Boolean(value.VAPID_PUBLIC_KEY) !== Boolean(value.VAPID_PRIVATE_KEY)) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: [value.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"],
        message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all",
      });
    }
    const tooShort = (value.SESSION_SECRET ?? "").split(",").some((secret) => secret.trim().length > 0 && secret.trim().length < 32);
    if (tooShort) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message: "every secret must be at least 32 characters long",
      });
    }
  })
  .transform(({ UPSTREAM_URL: upstreamUrls, UPSTREAM_MEDIA_URL: upstreamMediaUrls, ...value }) => ({
    ...value,
    /** The first (preferred) API host; unset means the embedded API in-process. */
    UPSTREAM_URL: upstreamUrls?.[0],
    /** Every API host, in order of preference (empty in embedded mode). */
    upstreamUrls: upstreamUrls ?? [],
    isProduction: value.NODE_ENV === "production",
    upstreamMaxAnswerBytes: value.UPSTREAM_MAX_ANSWER_MB * 1024 * 1024,
    embeddedDevPages: value.EMBEDDED_API_DEV_PAGES ? value.EMBEDDED_API_DEV_PAGES === "true" : value.NODE_ENV !== "production",
    /** Newest first; the first encrypts, all decrypt (rotation). */
    sessionSecrets: (value.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET)
      .split(",")
      .map((secret) => secret.trim())
      .filter(Boolean),
    /** Where relative `/storage/...` media paths live; empty means the app's own origin (embedded API). */
    mediaOrigin: mediaOriginsOf(upstreamUrls, upstreamMediaUrls)[0],
    /** Every media host, in order of preference: the player retries a failed playlist or segment on the next. */
    mediaOrigins: mediaOriginsOf(upstreamUrls, upstreamMediaUrls),
    allowedHosts: allowedHostsOf(value),
    vapid:
      value.VAPID_PUBLIC_KEY && value.VAPID_PRIVATE_KEY
        ? {
            publicKey: value.VAPID_PUBLIC_KEY,
            privateKey: value.VAPID_PRIVATE_KEY,
            subject: value.VAPID_SUBJECT ?? `mailto:${value.CONTACT_EMAIL}`,
          }
        : null,
    vastTag: vastTagOf({ VAST_URL: value.VAST_URL, UPSTREAM_URL: upstreamUrls?.[0] }),
  }));

/** UPSTREAM_MEDIA_URL's hosts, else the API hosts' origins; empty means the app's own origin (embedded API). */
function mediaOriginsOf(upstreamUrls: string[] | undefined, upstreamMediaUrls: string[] | undefined): readonly string[] {
  const origins = upstreamMediaUrls ?? (upstreamUrls ?? []).map((url) => new URL(url).origin);
  return [...new Set(origins)];
}

/**
 * `url`: the operator's tag; `api`: the embedded API's own chain; `list`: a live API's campaigns (`/media/vasts`), whose
 * tags point at ad networks.
 */
export type VastTag = { kind: "url"; url: string } | { kind: "api" } | { kind: "list" } | null;

function vastTagOf({ VAST_URL, UPSTREAM_URL }: { VAST_URL?: string; UPSTREAM_URL?: string }): VastTag {
  if (VAST_URL === "off") return null;
  if (VAST_URL) return { kind: "url", url: VAST_URL };
  return UPSTREAM_URL ? { kind: "list" } : { kind: "api" };
}

/**
 * The host names requests may name (the Host header, or X-Forwarded-Host from a trusted proxy), since pages
 * print their own address; null answers any host, which only development does unless ALLOWED_HOSTS is set.
 */
function allowedHostsOf({
  NODE_ENV,
  SITE_URL,
  ALLOWED_HOSTS,
}: {
  NODE_ENV: string;
  SITE_URL?: string;
  ALLOWED_HOSTS?: string[];
}): readonly string[] | null {
  if (NODE_ENV !== "production" && !ALLOWED_HOSTS) return null;
  if (!SITE_URL && !ALLOWED_HOSTS) return LOOPBACK_HOSTS;
  return [...new Set([...(SITE_URL ? [new URL(SITE_URL).hostname] : []), ...(ALLOWED_HOSTS ?? [])])];
}

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated environment of this process (parsed on first use, then cached). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
