// Messages every process of the site hears, in the same order (decision 0262): through Redis pub/sub when REDIS_URL
// is set (every worker of every replica), through the cluster's primary otherwise (server/cluster.ts relays each
// message to every worker, the sender included), or within the process when it runs alone. A sender hears its own
// message back through the same path, so every process applies what it hears in one order.
import cluster from "node:cluster";
import type { Redis } from "ioredis";
import { getEnv } from "./env.server";
import { logWarn } from "./log.server";
import { CLUSTER_RELAY_MESSAGE, MAX_BUS_MESSAGE_BYTES, isRelayMessage, type RelayMessage } from "./cluster-relay.server";
import { sharedRedis } from "./redis.server";

export type MessageBus = {
  /** Sends `body` to every process listening on `topic`; rejects when it cannot be sent (too large, Redis down). */
  publish(topic: string, body: string): Promise<void>;
  /**
   * Hears every message on `topic`, own ones included, in the bus's order; resolves once it does (a message
   * published before then may never come back: publish after it).
   */
  subscribe(topic: string, listener: (body: string) => void): Promise<void>;
  /** Which path it takes, for the health details and the logs. */
  readonly kind: "redis" | "cluster" | "process";
};

type Listeners = Map<string, Set<(body: string) => void>>;

function deliver(listeners: Listeners, topic: string, body: string): void {
  for (const listener of listeners.get(topic) ?? []) {
    try {
      listener(body);
    } catch (error) {
      logWarn("message bus listener failed", { topic, error });
    }
  }
}

function checkSize(body: string): void {
  if (Buffer.byteLength(body) > MAX_BUS_MESSAGE_BYTES) throw new Error(`bus message over ${MAX_BUS_MESSAGE_BYTES} bytes`);
}

function addListener(listeners: Listeners, topic: string, listener: (body: string) => void): void {
  const set = listeners.get(topic) ?? new Set();
  set.add(listener);
  listeners.set(topic, set);
}

/** Within one process: delivered on a later turn, as the other paths do. */
export function processBus(): MessageBus {
  const listeners: Listeners = new Map();
  return {
    kind: "process",
    async publish(topic, body) {
      checkSize(body);
      queueMicrotask(() => deliver(listeners, topic, body));
    },
    subscribe: async (topic, listener) => addListener(listeners, topic, listener),
  };
}

/** A cluster worker's bus: through the primary, which relays every message to every worker in the order it got them. */
function clusterBus(): MessageBus {
  const listeners: Listeners = new Map();
  process.on("message", (message: unknown) => {
    if (isRelayMessage(message)) deliver(listeners, message.topic, message.body);
  });
  return {
    kind: "cluster",
    publish(topic, body) {
      checkSize(body);
      const message: RelayMessage = { type: CLUSTER_RELAY_MESSAGE, topic, body };
      return new Promise((resolve, reject) => {
        if (!process.send) return reject(new Error("no channel to the primary"));
        process.send(message, undefined, {}, (error) => (error ? reject(error) : resolve()));
      });
    },
    subscribe: async (topic, listener) => addListener(listeners, topic, listener),
  };
}

/** Redis pub/sub: one channel per topic; Redis hands a channel's messages to every subscriber in one order. */
export function redisBus(publisher: Redis, prefix = getEnv().REDIS_PREFIX): MessageBus {
  const CHANNEL_PREFIX = `${prefix}bus:`;
  const listeners: Listeners = new Map();
  // A connection that subscribes can do nothing else: a second one. Unlike the shared connection's commands, its
  // subscription waits for the connection (made at start, it would fail before Redis answered) and is made again
  // after every reconnection (ioredis resubscribes by itself).
  const subscriber = publisher.duplicate({ enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null });
  subscriber.on("error", () => {
    // Reported once by the shared connection; this one reconnects on its own and resubscribes.
  });
  subscriber.on("message", (channel: string, body: string) => {
    if (channel.startsWith(CHANNEL_PREFIX)) deliver(listeners, channel.slice(CHANNEL_PREFIX.length), body);
  });
  return {
    kind: "redis",
    async publish(topic, body) {
      checkSize(body);
      await publisher.publish(CHANNEL_PREFIX + topic, body);
    },
    async subscribe(topic, listener) {
      const first = !listeners.has(topic);
      addListener(listeners, topic, listener);
      if (!first) return;
      await subscriber.subscribe(CHANNEL_PREFIX + topic).catch((error: unknown) => logWarn("redis subscribe failed", { topic, error }));
    },
  };
}

// Development reloads this module: the bus (and its IPC and Redis listeners) lives on globalThis so there is one.
const SHARED_BUS = Symbol.for("anilibria.message-bus");
type WithBus = { [SHARED_BUS]?: MessageBus };

/** The process's bus, chosen at the first use: Redis, the cluster's primary, or the process alone. */
export function sharedBus(): MessageBus {
  const holder = globalThis as WithBus;
  if (holder[SHARED_BUS]) return holder[SHARED_BUS];
  const redis = sharedRedis();
  holder[SHARED_BUS] = redis ? redisBus(redis) : cluster.isWorker ? clusterBus() : processBus();
  return holder[SHARED_BUS];
}
