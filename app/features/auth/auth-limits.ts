// Field limits of the auth forms (no zod here: the pages read them for `maxLength`).

/** Limits of the embedded API, which mirror the live site's registration form; the upstream has the last word. */
export const LIMITS = {
  login: { min: 3, max: 32 },
  nickname: { min: 2, max: 32 },
  email: { max: 254 },
  password: { min: 8, max: 64 },
  /** Signing in accepts any stored password (old accounts predate the current minimum). */
  signInPassword: { max: 256 },
  token: { max: 256 },
  otpCode: { length: 6 },
} as const;
