import type { Redis } from 'ioredis';
import type { QueueStore, Standing } from './queue-store';

/** A queue's keys live this long after its last join (a drop's report stays readable for a week). */
const KEEP_SECONDS = 7 * 86_400;

// KEYS: members, admitted. ARGV: user, admitted count, now (ms), ttl. Answers {rank or -1, size, admittedAt or ''}.
const STANDING = `
local n = redis.call('ZCARD', KEYS[1])
local r = redis.call('ZRANK', KEYS[1], ARGV[1])
if not r then return {-1, n, ''} end
local at = redis.call('HGET', KEYS[2], ARGV[1])
if (not at) and r < tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[4])
  at = ARGV[3]
end
return {r, n, at or ''}`;

// KEYS: members (sorted set), admitted (hash), arrivals (counter). ARGV: user, admitted count, now (ms), ttl,
// shuffle score or ''. The join, then the standing's script on the same keys: answers {rank, size, admittedAt, score}.
const JOIN = `
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score then
  score = ARGV[5]
  if score == '' then score = tostring(1 + redis.call('INCR', KEYS[3])) end
  redis.call('ZADD', KEYS[1], score, ARGV[1])
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  redis.call('EXPIRE', KEYS[3], ARGV[4])
end
local st = (function()${STANDING}
end)()
st[4] = score
return st`;

// KEYS: members, told (counter). ARGV: up to, max, ttl. Answers the members at ranks [told, new told).
const TURNS = `
local from = tonumber(redis.call('GET', KEYS[2]) or '0')
local to = math.min(tonumber(ARGV[1]), redis.call('ZCARD', KEYS[1]), from + tonumber(ARGV[2]))
if to <= from then return {} end
redis.call('SET', KEYS[2], to, 'EX', ARGV[3])
return redis.call('ZRANGE', KEYS[1], from, to - 1)`;

const standingOf = (rank: number, size: number, at: string): Standing => ({
  rank: rank < 0 ? null : rank,
  size,
  admittedAt: at === '' ? null : Number(at),
});

type Scripted = Redis & {
  queueTurns(members: string, told: string, upTo: number, max: number, ttl: number): Promise<string[]>;
  queueJoin(
    members: string,
    admitted: string,
    arrivals: string,
    user: string,
    count: number,
    now: number,
    ttl: number,
    shuffle: string,
  ): Promise<[number, number, string, string]>;
  queueStanding(
    members: string,
    admitted: string,
    user: string,
    count: number,
    now: number,
    ttl: number,
  ): Promise<[number, number, string]>;
};

/**
 * The queue in Redis, shared by every instance: a sorted set of members by score, an arrival counter and a hash of
 * admission times, changed only by Lua scripts (a join's arrival number and insert, a standing's read and
 * admission, are each one atomic step). The keys of one queue share a hash tag (one Redis Cluster slot).
 * Commands fail fast (adapters/redis.ts): the caller answers 503 rather than a place it cannot vouch for.
 */
export function createRedisQueueStore(redis: Redis, prefix: string): QueueStore {
  const r = redis as Scripted;
  if (!r.queueJoin) {
    redis.defineCommand('queueJoin', { numberOfKeys: 3, lua: JOIN });
    redis.defineCommand('queueStanding', { numberOfKeys: 2, lua: STANDING });
    redis.defineCommand('queueTurns', { numberOfKeys: 2, lua: TURNS });
  }
  const keys = (queueId: string) => {
    const base = `${prefix}{${queueId}}`;
    return { members: `${base}:m`, arrivals: `${base}:n`, admitted: `${base}:a`, told: `${base}:t` };
  };
  return {
    async join(queueId, userId, shuffle, admitted, now) {
      const k = keys(queueId);
      const s = shuffle === null ? '' : String(shuffle);
      const [rank, size, at, score] = await r.queueJoin(
        k.members,
        k.admitted,
        k.arrivals,
        userId,
        admitted,
        now,
        KEEP_SECONDS,
        s,
      );
      return { ...standingOf(rank, size, at), score: Number(score) };
    },
    async standing(queueId, userId, admitted, now) {
      const k = keys(queueId);
      const [rank, size, at] = await r.queueStanding(k.members, k.admitted, userId, admitted, now, KEEP_SECONDS);
      return standingOf(rank, size, at);
    },
    async counts(queueId) {
      const k = keys(queueId);
      const [before, after, admitted] = await Promise.all([
        redis.zcount(k.members, '-inf', '(1'),
        redis.zcount(k.members, 1, '+inf'),
        redis.hlen(k.admitted),
      ]);
      return { before, after, admitted };
    },
    async turns(queueId, upTo, max) {
      const k = keys(queueId);
      return r.queueTurns(k.members, k.told, upTo, max, KEEP_SECONDS);
    },
  };
}
