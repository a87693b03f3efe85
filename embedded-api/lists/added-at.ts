// When each item of a list mutation counts as added: "recently added first" must keep the order of the
// requests even when two arrive within the same millisecond, so times only move forward per user and list.
import type { RequestContext } from "../http/context";

type ListTable = "favorites" | "collections";

export function additionTimes(context: RequestContext, table: ListTable, userId: number, count: number): string[] {
  const latest = context.db.prepare(`SELECT MAX(created_at) FROM ${table} WHERE user_id = ?`).pluck().get(userId) as string | null;
  const start = Math.max(context.now().getTime(), latest ? Date.parse(latest) + 1 : 0);
  // Later items of one batch count as added later, so the batch keeps its order.
  return Array.from({ length: count }, (_, index) => new Date(start + index).toISOString());
}
