// Configuration from the environment, validated once at start: a bad value stops the server naming it.
import { z } from "zod";

const DEVELOPMENT_SESSION_SECRET = "development-only-secret-change-me-0123456789";

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value.replace(/\/+$/, "")))
  .pipe(z.string().url().optional());

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
    /** Set to "true" behind a reverse proxy so X-Forwarded-Proto/-Host and the client IP are believed. */
    TRUST_PROXY: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
    UPSTREAM_URL: optionalUrl.optional(),
    UPSTREAM_MEDIA_URL: optionalUrl.optional(),
    EMBEDDED_API_DB: z.string().trim().min(1).default("./data/embedded-api.sqlite"),
    /** The embedded API's development mailbox and social-login stand-in; on by default outside production. */
    EMBEDDED_API_DEV_PAGES: z.enum(["true", "false"]).optional(),
    SESSION_SECRET: optionalText,
    SITE_NAME: z.string().trim().min(1).default("AniLibria"),
    SITE_URL: optionalUrl.optional(),
    CONTACT_EMAIL: z.string().trim().email().default("ads@anilibria.example"),
    ABUSE_EMAIL: z.string().trim().email().default("abuse@anilibria.example"),
    RECAPTCHA_SITE_KEY: optionalText,
    RECAPTCHA_SECRET: optionalText,
    FINGERPRINT_API_KEY: optionalText,
    /** The longest the shared page cache keeps a visitor's page (server/page-cache.ts); 0 turns it off. */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /** How long a client may take to send its request's headers, then the whole request (408 after that). */
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
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
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["HEADERS_TIMEOUT_SECONDS"], message: "must not exceed REQUEST_TIMEOUT_SECONDS" });
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
  .transform((value) => ({
    ...value,
    isProduction: value.NODE_ENV === "production",
    embeddedDevPages: value.EMBEDDED_API_DEV_PAGES ? value.EMBEDDED_API_DEV_PAGES === "true" : value.NODE_ENV !== "production",
    /** Newest first; the first encrypts, all decrypt (rotation). */
    sessionSecrets: (value.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET)
      .split(",")
      .map((secret) => secret.trim())
      .filter(Boolean),
    /** Where relative `/storage/...` media paths live; empty means the app's own origin (embedded API). */
    mediaOrigin: value.UPSTREAM_MEDIA_URL ?? (value.UPSTREAM_URL ? new URL(value.UPSTREAM_URL).origin : undefined),
  }));

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
