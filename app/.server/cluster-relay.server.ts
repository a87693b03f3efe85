// The message the cluster's primary relays between workers for the message bus (message-bus.server.ts, decision
// 0262): its shape only, with no state, so the primary (server/cluster.ts) reads it without loading the bus itself.
import { z } from "zod";

/** The type of the IPC message a worker sends to the primary and the primary to every worker. */
export const CLUSTER_RELAY_MESSAGE = "anilibria:relay";
/** A message larger than this is refused before it is sent (a room's snapshot is about 40 KB at the worst). */
export const MAX_BUS_MESSAGE_BYTES = 128 * 1024;

const relaySchema = z.object({ type: z.literal(CLUSTER_RELAY_MESSAGE), topic: z.string().max(100), body: z.string() });
export type RelayMessage = z.infer<typeof relaySchema>;

export function isRelayMessage(message: unknown): message is RelayMessage {
  return relaySchema.safeParse(message).success;
}
