// The notifications' Redis store (decision 0284): what replicas on several hosts share, under the deployment's
// REDIS_PREFIX. Each conditional write is one Lua script, so it is atomic across every process; the scripts name
// their keys from the prefix, which needs one Redis (with a replica or Sentinel), not Redis Cluster.
//   <p>bells:<owner>          hash release id → the bell (JSON)
//   <p>bell-owners:<release>  set of owners ringing for a release; <p>belled: set of those releases
//   <p>visitors               sorted set of visitor owners by their last activity (for the sweep)
//   <p>sub:<id>               hash of a device; <p>sub-id the last id; <p>sub-endpoints endpoint → id;
//   <p>subs-of:<owner>, <p>subs-at:<address>  sets of device ids (the bounds)
//   <p>settings:<owner>       hash of a viewer's settings
//   <p>episode:<id>           the episode (JSON); <p>episodes-of:<release> sorted set of its episodes by when seen;
//   <p>seen-releases          sorted set of releases by when their newest episode was seen (for the sweep)
//   <p>delivery:<sub>|<ep>    hash: state, attempts, dueAt, createdAt — its existence is the once-ever claim
//   <p>due                    sorted set of the queued ones by due time; <p>deliveries all of them by creation;
//   <p>deliveries-of:<sub>    set of a device's episodes
import type { Redis } from "ioredis";
import type { BellRow } from "~/domain/episode-bell";
import type { DueDelivery, NotificationStore, SeenEpisode, StoredSettings } from "./notification-store.server";
import { redisLease } from "./sender-lease.server";

const REMOVE_SUBSCRIPTION = `
local function remove_subscription(p, id)
  local key = p .. 'sub:' .. id
  local sub = redis.call('HMGET', key, 'owner', 'endpoint', 'address')
  if sub[1] then
    redis.call('SREM', p .. 'subs-of:' .. sub[1], id)
    redis.call('SREM', p .. 'subs-at:' .. sub[3], id)
    redis.call('HDEL', p .. 'sub-endpoints', sub[2])
    redis.call('DEL', key)
  end
  for _, episode in ipairs(redis.call('SMEMBERS', p .. 'deliveries-of:' .. id)) do
    local member = id .. '|' .. episode
    local delivery = p .. 'delivery:' .. member
    local state = redis.call('HGET', delivery, 'state')
    if state == 'queued' or state == 'sending' then
      redis.call('HSET', delivery, 'state', 'gone')
      redis.call('ZREM', p .. 'due', member)
    end
  end
end
`;

const TOUCH_VISITOR = `
local function touch_visitor(p, owner, now)
  if string.sub(owner, 1, 2) == 'v:' then redis.call('ZADD', p .. 'visitors', now, owner) end
end
`;

// ARGV: prefix, owner, release id, bell JSON, max per owner, now
const PUT_BELL = `${TOUCH_VISITOR}
local p, owner, release = ARGV[1], ARGV[2], ARGV[3]
local bells = p .. 'bells:' .. owner
if redis.call('HEXISTS', bells, release) == 0 and redis.call('HLEN', bells) >= tonumber(ARGV[5]) then return 0 end
redis.call('HSET', bells, release, ARGV[4])
redis.call('SADD', p .. 'bell-owners:' .. release, owner)
redis.call('SADD', p .. 'belled', release)
touch_visitor(p, owner, ARGV[6])
return 1`;

// ARGV: prefix, owner, release id
const DELETE_BELL = `
local p, owner, release = ARGV[1], ARGV[2], ARGV[3]
redis.call('HDEL', p .. 'bells:' .. owner, release)
redis.call('SREM', p .. 'bell-owners:' .. release, owner)
if redis.call('SCARD', p .. 'bell-owners:' .. release) == 0 then redis.call('SREM', p .. 'belled', release) end
return 1`;

// ARGV: prefix, owner, release id, '1' or '0'
const SET_IN_LISTS = `
local bells = ARGV[1] .. 'bells:' .. ARGV[2]
local stored = redis.call('HGET', bells, ARGV[3])
if not stored then return 0 end
local bell = cjson.decode(stored)
bell.inLists = ARGV[4] == '1'
redis.call('HSET', bells, ARGV[3], cjson.encode(bell))
return 1`;

// ARGV: prefix, owner, endpoint, p256dh, auth, client address, now, max per owner, max per address
const PUT_SUBSCRIPTION = `${TOUCH_VISITOR}
local p, owner, endpoint = ARGV[1], ARGV[2], ARGV[3]
local existing = redis.call('HGET', p .. 'sub-endpoints', endpoint)
if existing then
  local key = p .. 'sub:' .. existing
  local previous = redis.call('HGET', key, 'owner')
  if previous and previous ~= owner then redis.call('SREM', p .. 'subs-of:' .. previous, existing) end
  redis.call('HSET', key, 'owner', owner, 'p256dh', ARGV[4], 'auth', ARGV[5])
  redis.call('SADD', p .. 'subs-of:' .. owner, existing)
  touch_visitor(p, owner, ARGV[7])
  return 'ok'
end
if redis.call('SCARD', p .. 'subs-of:' .. owner) >= tonumber(ARGV[8]) then return 'too-many-for-owner' end
if redis.call('SCARD', p .. 'subs-at:' .. ARGV[6]) >= tonumber(ARGV[9]) then return 'too-many-for-address' end
local id = redis.call('INCR', p .. 'sub-id')
redis.call('HSET', p .. 'sub:' .. id, 'owner', owner, 'endpoint', endpoint, 'p256dh', ARGV[4], 'auth', ARGV[5], 'address', ARGV[6], 'createdAt', ARGV[7])
redis.call('HSET', p .. 'sub-endpoints', endpoint, id)
redis.call('SADD', p .. 'subs-of:' .. owner, id)
redis.call('SADD', p .. 'subs-at:' .. ARGV[6], id)
touch_visitor(p, owner, ARGV[7])
return 'ok'`;

// ARGV: prefix, id
const REMOVE_SUBSCRIPTION_SCRIPT = `${REMOVE_SUBSCRIPTION}
remove_subscription(ARGV[1], ARGV[2])
return 1`;

// ARGV: prefix, now, then per episode: id, release id, JSON. Answers id, 1 or 0 (release known before) per added one.
const ADD_EPISODES = `
local p, now = ARGV[1], ARGV[2]
local known, added = {}, {}
for i = 3, #ARGV, 3 do
  local id, release = ARGV[i], ARGV[i + 1]
  local seen = p .. 'episodes-of:' .. release
  if known[release] == nil then known[release] = redis.call('EXISTS', seen) end
  if redis.call('SET', p .. 'episode:' .. id, ARGV[i + 2], 'NX') then
    redis.call('ZADD', seen, now, id)
    redis.call('ZADD', p .. 'seen-releases', now, release)
    table.insert(added, id)
    table.insert(added, known[release])
  end
end
return added`;

// ARGV: prefix, episode id, now, max queued, then per device: subscription id, due time
const ADD_DELIVERIES = `
local p, episode, now = ARGV[1], ARGV[2], ARGV[3]
local waiting = redis.call('ZCARD', p .. 'due')
local queued = 0
for i = 5, #ARGV, 2 do
  local member = ARGV[i] .. '|' .. episode
  local key = p .. 'delivery:' .. member
  if redis.call('EXISTS', key) == 0 then
    local full = waiting >= tonumber(ARGV[4])
    redis.call('HSET', key, 'state', full and 'failed' or 'queued', 'attempts', 0, 'dueAt', ARGV[i + 1], 'createdAt', now)
    redis.call('ZADD', p .. 'deliveries', now, member)
    redis.call('SADD', p .. 'deliveries-of:' .. ARGV[i], episode)
    if not full then
      redis.call('ZADD', p .. 'due', ARGV[i + 1], member)
      waiting = waiting + 1
      queued = queued + 1
    end
  end
end
return queued`;

// ARGV: prefix, now, limit. Answers member, tries per claimed message.
const CLAIM_DUE = `
local p = ARGV[1]
local members = redis.call('ZRANGEBYSCORE', p .. 'due', '-inf', ARGV[2], 'LIMIT', 0, tonumber(ARGV[3]))
local claimed = {}
for _, member in ipairs(members) do
  redis.call('ZREM', p .. 'due', member)
  local key = p .. 'delivery:' .. member
  local sub, episode = string.match(member, '^(%d+)|(.*)$')
  if redis.call('EXISTS', p .. 'sub:' .. sub) == 1 and redis.call('EXISTS', p .. 'episode:' .. episode) == 1 then
    redis.call('HSET', key, 'state', 'sending')
    table.insert(claimed, member)
    table.insert(claimed, redis.call('HINCRBY', key, 'attempts', 1))
  else
    redis.call('HSET', key, 'state', 'gone')
  end
end
return claimed`;

// ARGV: prefix, before
const SWEEP_DELIVERIES = `
local p = ARGV[1]
for _, member in ipairs(redis.call('ZRANGEBYSCORE', p .. 'deliveries', '-inf', '(' .. ARGV[2])) do
  local key = p .. 'delivery:' .. member
  if redis.call('HGET', key, 'state') ~= 'queued' then
    local sub, episode = string.match(member, '^(%d+)|(.*)$')
    redis.call('DEL', key)
    redis.call('ZREM', p .. 'deliveries', member)
    redis.call('SREM', p .. 'deliveries-of:' .. sub, episode)
  end
end
return 1`;

// ARGV: prefix, before. A message still queued for a dropped episode is given up when it comes due (CLAIM_DUE).
const SWEEP_EPISODES = `
local p = ARGV[1]
local dropped = 0
for _, release in ipairs(redis.call('ZRANGEBYSCORE', p .. 'seen-releases', '-inf', '(' .. ARGV[2])) do
  if redis.call('SISMEMBER', p .. 'belled', release) == 0 then
    local seen = p .. 'episodes-of:' .. release
    for _, id in ipairs(redis.call('ZRANGE', seen, 0, -1)) do
      redis.call('DEL', p .. 'episode:' .. id)
      dropped = dropped + 1
    end
    redis.call('DEL', seen)
    redis.call('ZREM', p .. 'seen-releases', release)
  end
end
return dropped`;

// ARGV: prefix, before
const SWEEP_VISITORS = `${REMOVE_SUBSCRIPTION}
local p = ARGV[1]
local stale = redis.call('ZRANGEBYSCORE', p .. 'visitors', '-inf', '(' .. ARGV[2])
for _, owner in ipairs(stale) do
  for _, release in ipairs(redis.call('HKEYS', p .. 'bells:' .. owner)) do
    redis.call('SREM', p .. 'bell-owners:' .. release, owner)
    if redis.call('SCARD', p .. 'bell-owners:' .. release) == 0 then redis.call('SREM', p .. 'belled', release) end
  end
  for _, id in ipairs(redis.call('SMEMBERS', p .. 'subs-of:' .. owner)) do remove_subscription(p, id) end
  redis.call('DEL', p .. 'bells:' .. owner, p .. 'subs-of:' .. owner, p .. 'settings:' .. owner)
  redis.call('ZREM', p .. 'visitors', owner)
end
return #stale`;

function numberOrNull(text: string | null | undefined): number | null {
  return text === null || text === undefined || text === "" ? null : Number(text);
}

function deliveryMember(subscriptionId: number, episodeId: string): string {
  return `${subscriptionId}|${episodeId}`;
}

export function redisNotificationStore(redis: Redis, prefix: string): NotificationStore {
  const p = `${prefix}notifications:`;
  const run = (script: string, ...args: (string | number)[]) => redis.eval(script, 0, p, ...args);

  async function episodes(ids: readonly string[]): Promise<(SeenEpisode | null)[]> {
    if (ids.length === 0) return [];
    const stored = await redis.mget(ids.map((id) => `${p}episode:${id}`));
    return stored.map((text) => (text ? (JSON.parse(text) as SeenEpisode) : null));
  }

  const store: NotificationStore = {
    async bell(owner, releaseId) {
      const stored = await redis.hget(`${p}bells:${owner}`, String(releaseId));
      return stored ? (JSON.parse(stored) as BellRow) : null;
    },
    async bells(owner) {
      const stored = Object.values(await redis.hgetall(`${p}bells:${owner}`)).map((text) => JSON.parse(text) as BellRow);
      return stored.sort((a, b) => b.updatedAt - a.updatedAt || b.releaseId - a.releaseId);
    },
    async putBell(owner, bell, maxPerOwner) {
      return (await run(PUT_BELL, owner, bell.releaseId, JSON.stringify(bell), maxPerOwner, bell.updatedAt)) === 1;
    },
    async deleteBell(owner, releaseId) {
      await run(DELETE_BELL, owner, releaseId);
    },
    async setInLists(owner, releaseId, inLists) {
      await run(SET_IN_LISTS, owner, releaseId, inLists ? "1" : "0");
    },
    async anyBellFor(releaseId) {
      return (await redis.sismember(`${p}belled`, String(releaseId))) === 1;
    },
    async belledReleases() {
      return (await redis.smembers(`${p}belled`)).map(Number);
    },
    async bellsOfRelease(releaseId) {
      const owners = await redis.smembers(`${p}bell-owners:${releaseId}`);
      const bells = await Promise.all(owners.map((owner) => store.bell(owner, releaseId)));
      return owners.flatMap((owner, index) => {
        const bell = bells[index];
        return bell ? [{ owner, mode: bell.mode, inLists: bell.inLists }] : [];
      });
    },

    async putSubscription(owner, keys, clientAddress, now, bounds) {
      const answer = await run(
        PUT_SUBSCRIPTION,
        owner,
        keys.endpoint,
        keys.p256dh,
        keys.auth,
        clientAddress,
        now,
        bounds.perOwner,
        bounds.perAddress,
      );
      return answer === "ok" ? { ok: true } : { ok: false, reason: answer as "too-many-for-owner" | "too-many-for-address" };
    },
    async subscriptionIdsOf(owner) {
      return (await redis.smembers(`${p}subs-of:${owner}`)).map(Number).sort((a, b) => a - b);
    },
    async subscription(id) {
      const [owner, endpoint, p256dh, auth] = await redis.hmget(`${p}sub:${id}`, "owner", "endpoint", "p256dh", "auth");
      return owner && endpoint && p256dh && auth ? { id, owner, endpoint, p256dh, auth } : null;
    },
    async removeSubscription(id) {
      await run(REMOVE_SUBSCRIPTION_SCRIPT, id);
    },

    async settings(owner) {
      const [timeZone, quietFrom, quietTo, lastVisitAt, previousVisitAt] = await redis.hmget(
        `${p}settings:${owner}`,
        "timeZone",
        "quietFrom",
        "quietTo",
        "lastVisitAt",
        "previousVisitAt",
      );
      return {
        timeZone: timeZone || null,
        quietFrom: numberOrNull(quietFrom),
        quietTo: numberOrNull(quietTo),
        lastVisitAt: numberOrNull(lastVisitAt),
        previousVisitAt: numberOrNull(previousVisitAt),
      };
    },
    async saveSettings(owner, changes, now) {
      const key = `${p}settings:${owner}`;
      const fields = (Object.keys(changes) as (keyof StoredSettings)[]).filter((field) => changes[field] !== undefined);
      const transaction = redis.multi();
      for (const field of fields) {
        const value = changes[field];
        if (value === null) transaction.hdel(key, field);
        else transaction.hset(key, field, String(value));
      }
      transaction.hset(key, "updatedAt", String(now));
      if (owner.startsWith("v:")) transaction.zadd(`${p}visitors`, now, owner);
      await transaction.exec();
    },

    async addEpisodes(seen, now) {
      if (seen.length === 0) return [];
      const byId = new Map(seen.map((episode) => [episode.episodeId, episode]));
      const answer = (await run(
        ADD_EPISODES,
        now,
        ...seen.flatMap((episode) => [episode.episodeId, episode.releaseId, JSON.stringify(episode)]),
      )) as (string | number)[];
      const added: { episode: SeenEpisode; releaseKnown: boolean }[] = [];
      for (let index = 0; index < answer.length; index += 2) {
        const episode = byId.get(String(answer[index]));
        if (episode) added.push({ episode, releaseKnown: answer[index + 1] === 1 });
      }
      return added;
    },
    async episodesSeenAfter(releaseId, after) {
      const flat = await redis.zrangebyscore(`${p}episodes-of:${releaseId}`, `(${after}`, "+inf", "WITHSCORES");
      const ids = flat.filter((_, index) => index % 2 === 0);
      const stored = await episodes(ids);
      return stored.flatMap((episode, index) => (episode ? [{ ...episode, seenAt: Number(flat[index * 2 + 1]) }] : []));
    },

    async addDeliveries(episodeId, deliveries, now, maxQueued) {
      if (deliveries.length === 0) return 0;
      return (await run(
        ADD_DELIVERIES,
        episodeId,
        now,
        maxQueued,
        ...deliveries.flatMap((delivery) => [delivery.subscriptionId, delivery.dueAt]),
      )) as number;
    },
    async claimDue(limit, now) {
      const answer = (await run(CLAIM_DUE, now, limit)) as (string | number)[];
      const claimed: { subscriptionId: number; episodeId: string; attempts: number }[] = [];
      for (let index = 0; index < answer.length; index += 2) {
        const member = String(answer[index]);
        const separator = member.indexOf("|");
        claimed.push({
          subscriptionId: Number(member.slice(0, separator)),
          episodeId: member.slice(separator + 1),
          attempts: Number(answer[index + 1]),
        });
      }
      const [subscriptions, stored] = await Promise.all([
        Promise.all(claimed.map((claim) => store.subscription(claim.subscriptionId))),
        episodes(claimed.map((claim) => claim.episodeId)),
      ]);
      // A device removed between the claim and this read is skipped: its message stays claimed, never sent.
      return claimed.flatMap((claim, index): DueDelivery[] => {
        const subscription = subscriptions[index];
        const episode = stored[index];
        return subscription && episode ? [{ subscription, episode, attempts: claim.attempts }] : [];
      });
    },
    async requeue(key, dueAt) {
      const member = deliveryMember(key.subscriptionId, key.episodeId);
      await redis.multi().hset(`${p}delivery:${member}`, "state", "queued", "dueAt", String(dueAt)).zadd(`${p}due`, dueAt, member).exec();
    },
    async finish(key, state) {
      await redis.hset(`${p}delivery:${deliveryMember(key.subscriptionId, key.episodeId)}`, "state", state);
    },
    async sweepDeliveries(before) {
      await run(SWEEP_DELIVERIES, before);
    },
    async sweepEpisodes(before) {
      return (await run(SWEEP_EPISODES, before)) as number;
    },

    async sweepVisitors(before) {
      return (await run(SWEEP_VISITORS, before)) as number;
    },

    lease(ttlMs) {
      return redisLease(redis, ttlMs, `${p}sender-lease`);
    },
  };
  return store;
}
