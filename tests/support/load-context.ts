// A loader's or action's arguments as the server hands them over: the load context made by the app's one factory,
// with the visitor's address a test gives (`context: { clientIp }`), or none.
import type { AppLoadContext } from "@remix-run/node";
import { createLoadContext } from "~/.server/load-context.server";

export function withLoadContext<Args extends { request: Request; context?: { clientIp?: string | null } }>(
  args: Args,
): Omit<Args, "context"> & { context: AppLoadContext } {
  return { ...args, context: createLoadContext(args.request, { clientIp: args.context?.clientIp ?? null }) };
}
