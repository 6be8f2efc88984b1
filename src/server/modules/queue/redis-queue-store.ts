import type { Redis } from 'ioredis';
import type { QueueCopy, Standing } from './queue-store';

/** A queue's keys live this long after its last join (then the next ask rebuilds it from the record). */
const KEEP_SECONDS = 7 * 86_400;
/** A rebuild's claim lapses after this long, should its instance die in the middle. */
const CLAIM_MS = 10_000;
/** Members per ZADD / HSET of a rebuild (bounded arguments per command). */
const CHUNK = 1_000;

// Every script first checks the loaded marker (KEYS[3]) against the epoch the caller read from the record: a copy
// flushed, restarted empty or stale answers false (null), and the caller rebuilds it (decision 051).
const LOADED = (epoch: string) => `if redis.call('GET', KEYS[3]) ~= ${epoch} then return false end`;

// KEYS: members, admitted, loaded. ARGV: user, epoch. Answers {rank or -1, size, admittedAt or ''}.
const STANDING_READ = `
local n = redis.call('ZCARD', KEYS[1])
local r = redis.call('ZRANK', KEYS[1], ARGV[1])
if not r then return {-1, n, ''} end
return {r, n, redis.call('HGET', KEYS[2], ARGV[1]) or ''}`;
const STANDING = `${LOADED('ARGV[2]')}${STANDING_READ}`;

// KEYS: members, admitted, loaded. ARGV: user, epoch, score, ttl. The recorded score (once), then the standing.
const JOIN = `${LOADED('ARGV[2]')}
redis.call('ZADD', KEYS[1], 'NX', ARGV[3], ARGV[1])
for i = 1, 3 do redis.call('EXPIRE', KEYS[i], ARGV[4]) end${STANDING_READ}`;

// KEYS: members, told, loaded. ARGV: up to, max, ttl, epoch. Answers {new mark, members at ranks [mark, new mark)}.
const TURNS = `${LOADED('ARGV[4]')}
local from = tonumber(redis.call('GET', KEYS[2]) or '0')
local to = math.min(tonumber(ARGV[1]), redis.call('ZCARD', KEYS[1]), from + tonumber(ARGV[2]))
if to <= from then return {from} end
redis.call('SET', KEYS[2], to, 'EX', ARGV[3])
local out = redis.call('ZRANGE', KEYS[1], from, to - 1)
table.insert(out, 1, to)
return out`;

const standingOf = (rank: number, size: number, at: string): Standing => ({
  rank: rank < 0 ? null : rank,
  size,
  admittedAt: at === '' ? null : Number(at),
});

type Answer = [number, number, string] | null;
type Scripted = Redis & {
  queueCopyJoin(
    m: string,
    a: string,
    l: string,
    user: string,
    epoch: number,
    score: number,
    ttl: number,
  ): Promise<Answer>;
  queueCopyStanding(m: string, a: string, l: string, user: string, epoch: number): Promise<Answer>;
  queueCopyTurns(
    m: string,
    t: string,
    l: string,
    upTo: number,
    max: number,
    ttl: number,
    epoch: number,
  ): Promise<[number, ...string[]] | null>;
};

/**
 * The fast copy in Redis, shared by every instance (decision 051): per queue a sorted set of members by score, a
 * hash of admission times, the turns mark and the loaded marker (the record's epoch it was built at), under one hash
 * tag (one Redis Cluster slot); read and changed by Lua scripts that check the marker first, and replaced whole by
 * one MULTI. Commands fail fast (adapters/redis.ts): the caller then answers from the record.
 */
export function createRedisQueueCopy(redis: Redis, prefix: string): QueueCopy {
  const r = redis as Scripted;
  if (!r.queueCopyJoin) {
    redis.defineCommand('queueCopyJoin', { numberOfKeys: 3, lua: JOIN });
    redis.defineCommand('queueCopyStanding', { numberOfKeys: 3, lua: STANDING });
    redis.defineCommand('queueCopyTurns', { numberOfKeys: 3, lua: TURNS });
  }
  const keys = (queueId: string) => {
    const base = `${prefix}{${queueId}}`;
    return { m: `${base}:m`, a: `${base}:a`, t: `${base}:t`, l: `${base}:l`, claim: `${base}:rebuild` };
  };
  const answer = (a: Answer) => a && standingOf(...a);
  return {
    async join(queueId, userId, score, epoch) {
      const k = keys(queueId);
      return answer(await r.queueCopyJoin(k.m, k.a, k.l, userId, epoch, score, KEEP_SECONDS));
    },
    async standing(queueId, userId, epoch) {
      const k = keys(queueId);
      return answer(await r.queueCopyStanding(k.m, k.a, k.l, userId, epoch));
    },
    async admit(queueId, userId, at) {
      const k = keys(queueId);
      await redis.multi().hsetnx(k.a, userId, at).expire(k.a, KEEP_SECONDS).exec();
    },
    async turns(queueId, upTo, max, epoch) {
      const k = keys(queueId);
      const out = await r.queueCopyTurns(k.m, k.t, k.l, upTo, max, KEEP_SECONDS, epoch);
      return out && { to: out[0], users: out.slice(1) as string[] };
    },
    async loaded(queueId) {
      const epoch = await redis.get(keys(queueId).l);
      return epoch === null ? null : Number(epoch);
    },
    async load(queueId, snap) {
      const k = keys(queueId);
      const tx = redis.multi().del(k.m, k.a, k.t, k.l);
      for (let i = 0; i < snap.members.length; i += CHUNK) {
        const part = snap.members.slice(i, i + CHUNK);
        tx.zadd(k.m, ...part.flatMap((m) => [m.score, m.userId]));
        const admitted = part.filter((m) => m.admittedAt !== null).flatMap((m) => [m.userId, m.admittedAt!]);
        if (admitted.length > 0) tx.hset(k.a, ...admitted);
      }
      tx.set(k.t, snap.told, 'EX', KEEP_SECONDS).expire(k.m, KEEP_SECONDS).expire(k.a, KEEP_SECONDS);
      const done = await tx.set(k.l, snap.epoch, 'EX', KEEP_SECONDS).exec();
      // A MULTI answers its commands' errors rather than throwing them.
      const failed = done?.find(([err]) => err)?.[0];
      if (!done || failed) throw failed ?? new Error('queue copy: the rebuild was discarded');
    },
    async claim(queueId) {
      return (await redis.set(keys(queueId).claim, '1', 'PX', CLAIM_MS, 'NX')) === 'OK';
    },
    async release(queueId) {
      await redis.del(keys(queueId).claim);
    },
  };
}
