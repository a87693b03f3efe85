// The signed-in user's sessions (beyond the document, for the settings page): list and revoke.
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { notFound } from "../http/api-error";
import { endAllSessions, endSession } from "./sessions";
import { readUserAgent } from "./user-agent";
import { locationOf } from "./location";
import { type SessionRow } from "../db/rows";

function sessionList(context: RequestContext) {
  const { user, sessionId } = context.requireUser();
  const rows = context.db
    .prepare("SELECT * FROM sessions WHERE user_id = ? ORDER BY last_used_at DESC, created_at DESC")
    .all(user.id) as SessionRow[];
  return rows.map((row) => {
    const agent = readUserAgent(row.user_agent);
    const location = locationOf(row.ip_address);
    return {
      id: row.id,
      user_id: row.user_id,
      device: agent.device,
      browser: agent.browser,
      location: { country: location.country, iso_code: location.iso_code },
      is_mobile: agent.isMobile,
      is_desktop: !agent.isMobile,
      ip_address: row.ip_address,
      user_agent: row.user_agent,
      is_current: row.id === sessionId,
      last_active: row.last_used_at,
      created_at: row.created_at,
    };
  });
}

export const sessionRoutes: Route[] = [
  { method: "GET", path: "/accounts/users/me/sessions", handler: sessionList },
  {
    method: "DELETE",
    path: "/accounts/users/me/sessions",
    handler: (context) => {
      const { user, sessionId } = context.requireUser();
      endAllSessions(context.db, user.id, sessionId);
      return sessionList(context);
    },
  },
  {
    method: "DELETE",
    path: "/accounts/users/me/sessions/{sessionId}",
    handler: (context) => {
      const { user } = context.requireUser();
      const owned = context.db.prepare("SELECT 1 FROM sessions WHERE id = ? AND user_id = ?").get(context.params.sessionId, user.id);
      if (!owned) throw notFound("Сессия не найдена");
      endSession(context.db, context.params.sessionId as string);
      return context.params.sessionId === context.requireUser().sessionId ? [] : sessionList(context);
    },
  },
];
