// Where the account is signed in, and ending those sessions (beyond the document; the settings page).
import { z } from "zod/v4";
import type { AccountSession } from "~/domain/account";
import type { ApiContext } from "./context";
import { requestJson } from "./request";
import { flag, listSchema, optionalText, stringId } from "./schemas";

const AccountSessionSchema = z
  .object({
    id: stringId,
    device: z.object({ name: optionalText, version: optionalText, platform: optionalText }).passthrough().nullish(),
    browser: z.object({ name: optionalText, version: optionalText }).passthrough().nullish(),
    location: z.object({ country: optionalText, iso_code: optionalText }).passthrough().nullish(),
    is_mobile: flag,
    ip_address: optionalText,
    is_current: flag,
    last_active: optionalText,
    created_at: optionalText,
  })
  .passthrough();

const AccountSessionsSchema = listSchema(AccountSessionSchema);

function joinedText(...parts: (string | null | undefined)[]): string | null {
  return parts.filter(Boolean).join(" ") || null;
}

function toAccountSessions(rows: z.output<typeof AccountSessionsSchema>): AccountSession[] {
  return rows.map((row) => ({
    id: row.id,
    device: joinedText(row.device?.name, row.device?.platform),
    browser: joinedText(row.browser?.name, row.browser?.version),
    country: row.location?.country ?? null,
    isoCode: row.location?.iso_code ?? null,
    isMobile: row.is_mobile,
    ipAddress: row.ip_address,
    isCurrent: row.is_current,
    lastActiveAt: row.last_active,
    createdAt: row.created_at,
  }));
}

export async function getAccountSessions(context: ApiContext): Promise<AccountSession[]> {
  return toAccountSessions(await requestJson(context, { path: "/accounts/users/me/sessions" }, AccountSessionsSchema));
}

/** Ends one session (ending the current one signs this browser out: the answer is then empty). */
export async function endAccountSession(context: ApiContext, sessionId: string): Promise<AccountSession[]> {
  const path = `/accounts/users/me/sessions/${encodeURIComponent(sessionId)}`;
  return toAccountSessions(await requestJson(context, { method: "DELETE", path }, AccountSessionsSchema));
}

/** Ends every session but the current one. */
export async function endOtherAccountSessions(context: ApiContext): Promise<AccountSession[]> {
  return toAccountSessions(await requestJson(context, { method: "DELETE", path: "/accounts/users/me/sessions" }, AccountSessionsSchema));
}
