import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RedisReadiness } from '../adapters/redis-breaker';
import type { Db } from '../db/client';
import { registerErrorHandling } from './errors';
import { registerHealth } from './health';

/** An app with only the health routes, over a database and a Redis whose answers the test sets; its log lines. */
async function healthApp() {
  const state = { db: true, redis: 'ready' as RedisReadiness };
  const logged: { level: number; msg: string; reason?: string; err?: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(JSON.parse(chunk.toString()) as (typeof logged)[number]);
      done();
    },
  });
  const db = {
    execute: async () => {
      if (!state.db) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    },
  } as unknown as Db;
  const app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandling(app);
  registerHealth(app, { db, redis: () => state.redis });
  await app.ready();
  const probe = async (times = 1) => {
    let last = { status: 0, body: {} as unknown };
    for (let i = 0; i < times; i++) {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      last = { status: res.statusCode, body: res.json() };
    }
    return last;
  };
  /** The readiness lines: their level (pino: 30 info, 40 warn, 50 error) and message. */
  const readinessLines = () =>
    logged.filter((l) => l.msg.startsWith('readiness') || l.level >= 50).map((l) => `${l.level} ${l.msg}`);
  return { app, state, probe, readinessLines, logged };
}

describe('readiness (/readyz)', () => {
  it('logs once per change, at warn then info, never an error with a stack, for the database and for Redis', async () => {
    const { app, state, probe, readinessLines, logged } = await healthApp();
    try {
      expect(await probe(3)).toEqual({ status: 200, body: { code: 200, msg: '', data: { status: 'ok' } } });
      state.db = false;
      expect(await probe(5)).toEqual({
        status: 503,
        body: { code: 503, msg: '服務暫時無法使用，請稍後再試', data: null },
      });
      state.db = true;
      await probe(2);
      state.redis = 'unanswered';
      expect(await probe(5)).toEqual({
        status: 503,
        body: { code: 503, msg: '服務暫時無法使用：Redis 沒有回應，已暫停使用', data: null },
      });
      state.redis = 'unreachable';
      expect((await probe(2)).body).toEqual({ code: 503, msg: '服務暫時無法使用：Redis 未能連線', data: null });
      state.redis = 'ready';
      await probe(3);
      expect(readinessLines()).toEqual([
        '40 readiness: the database does not answer',
        '30 readiness: ready again',
        '40 readiness: Redis does not answer (circuit open)',
        '30 readiness: ready again',
      ]);
      // The database's error is named (type, message, code), without its stack.
      const down = logged.find((l) => l.msg === 'readiness: the database does not answer') as { error?: object };
      expect(down.error).toEqual({
        type: 'Error',
        message: 'connect ECONNREFUSED 127.0.0.1:5432',
        code: 'ECONNREFUSED',
      });
    } finally {
      await app.close();
    }
  });
});
