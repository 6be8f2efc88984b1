import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { isConnectionLost, registerErrorHandling } from './errors';

/** A database connection lost mid-request (pg_terminate_backend, failover) is a 503 the client may retry. */
describe('lost database connection', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    app.get('/terminated', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    app.get('/wrapped', async () => {
      throw new Error('Failed query: rollback', {
        cause: new Error('Client has encountered a connection error and is not queryable'),
      });
    });
    app.get('/other', async () => {
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 503 with a zh-HK message, whether the driver error is thrown or wrapped', async () => {
    for (const url of ['/terminated', '/wrapped']) {
      const res = await app.inject({ url });
      expect([res.statusCode, res.json()]).toEqual([
        503,
        { code: 503, msg: '服務暫時無法使用，請稍後再試', data: null },
      ]);
    }
  });

  it('leaves other database errors a 500', async () => {
    expect((await app.inject({ url: '/other' })).statusCode).toBe(500);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isConnectionLost(new Error('boom'))).toBe(false);
  });
});
