// Attempts on one account, per client and from everyone (decision 0281): each auth form that could be guessing an
// account's secret, or flooding its mailbox, counts on its own, in Redis when REDIS_URL is set. The forms share one
// set of windows (their accounts kept apart by the form's name), so memory holds one limiter's bound per window.
import { ACCOUNT_LIMIT_TIERS, createAccountLimiter, type AccountLimiter } from "~/.server/security/rate-limit.server";

const attemptsOnAccounts = createAccountLimiter({ name: "account", ...ACCOUNT_LIMIT_TIERS });

function countedAs(form: string): AccountLimiter {
  return {
    hit: (account, client) => attemptsOnAccounts.hit(`${form}:${account}`, client),
    refund: (account, client) => attemptsOnAccounts.refund(`${form}:${account}`, client),
    clear: () => attemptsOnAccounts.clear(),
  };
}

export const accountLimiters = {
  /** The password of a sign-in name or e-mail. */
  signIn: countedAs("sign-in"),
  /** Registrations naming one e-mail: each sends it a letter. */
  registration: countedAs("registration"),
  /** Recovery letters to one e-mail. */
  passwordRecovery: countedAs("password-recovery"),
  /** Device codes a signed-in account tries: a right guess puts a stranger's TV on that account. */
  deviceLinking: countedAs("device-linking"),
} as const;
