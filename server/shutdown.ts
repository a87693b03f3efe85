// Graceful shutdown of one server process: stop accepting, let in-flight requests finish, then exit.
// Under the cluster (server/cluster.ts) the primary sends each worker SIGTERM and waits for them all.
import type { Server } from "node:http";
import { logError, logInfo } from "../app/.server/log.server";

export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * `beforeClose`: what ends as the shutdown starts (the event streams, which would otherwise hold the grace to its
 * end); `afterClose`: what must end once the last request has (the shared Redis connection).
 */
export function exitGracefullyOnSignals(
  server: Server,
  { beforeClose, afterClose }: { beforeClose?: () => void; afterClose?: () => Promise<void> } = {},
): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logInfo("shutting down", { signal });
    const force = setTimeout(() => {
      logError("in-flight requests did not finish in time; exiting", { graceMs: SHUTDOWN_GRACE_MS });
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    beforeClose?.();
    server.close(() => {
      void (afterClose?.() ?? Promise.resolve()).finally(() => {
        logInfo("server stopped");
        process.exit(0);
      });
    });
    // Keep-alive connections go idle as their last response ends; close them then, not at the keep-alive timeout.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 200).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
