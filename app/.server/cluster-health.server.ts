// What a worker knows of the cluster it runs in, for /healthz: the primary (server/cluster.ts) tells every worker
// how many workers are listening each time that changes, and answers a worker that asks after starting.
import cluster from "node:cluster";
import { z } from "zod";

export const CLUSTER_STATUS_MESSAGE = "anilibria:cluster-status";
export const CLUSTER_STATUS_REQUEST = "anilibria:cluster-status-request";

const clusterStatusSchema = z.object({
  type: z.literal(CLUSTER_STATUS_MESSAGE),
  workersListening: z.number().int().min(0),
  workersExpected: z.number().int().min(1),
});
export type ClusterStatus = z.infer<typeof clusterStatusSchema>;

export type ClusterHealth = {
  /** This worker's number (1, 2, … as the primary forked them; a replaced worker gets the next one). */
  worker: number;
  workersListening: number | null;
  workersExpected: number | null;
};

let latest: ClusterStatus | null = null;

if (cluster.isWorker) {
  process.on("message", (message: unknown) => {
    const parsed = clusterStatusSchema.safeParse(message);
    if (parsed.success) latest = parsed.data;
  });
  process.send?.({ type: CLUSTER_STATUS_REQUEST });
}

/** Null when the server is a single process (development, tests, the e2e server). */
export function clusterHealth(): ClusterHealth | null {
  if (!cluster.isWorker || !cluster.worker) return null;
  return {
    worker: cluster.worker.id,
    workersListening: latest?.workersListening ?? null,
    workersExpected: latest?.workersExpected ?? null,
  };
}
