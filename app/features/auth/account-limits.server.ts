// Attempts on one account, per client and from everyone (decision 0281): each auth form that could be guessing an
// account's secret, or flooding its mailbox, counts on its own limiter, in Redis when REDIS_URL is set.
import { ACCOUNT_LIMIT_TIERS, createAccountLimiter } from "~/.server/security/rate-limit.server";

export const accountLimiters = {
  /** The password of a sign-in name or e-mail. */
  signIn: createAccountLimiter({ name: "sign-in", ...ACCOUNT_LIMIT_TIERS }),
  /** Registrations naming one e-mail: each sends it a letter. */
  registration: createAccountLimiter({ name: "registration", ...ACCOUNT_LIMIT_TIERS }),
  /** Recovery letters to one e-mail. */
  passwordRecovery: createAccountLimiter({ name: "password-recovery", ...ACCOUNT_LIMIT_TIERS }),
  /** Device codes a signed-in account tries: a right guess puts a stranger's TV on that account. */
  deviceLinking: createAccountLimiter({ name: "device-linking", ...ACCOUNT_LIMIT_TIERS }),
} as const;
