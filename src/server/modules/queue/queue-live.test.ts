import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueTopic, StreamQuerySchema, type StreamMessage } from '../../../shared/schemas/live';
import { startQueueTickJob } from '../../jobs/queue-job';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signInOperator } from '../../testing/operator';
import { createBuyers, createDrop } from '../pay-orders/pay-orders.fixtures';

const MIN = 60_000;

/** The waiting room on the live stream (decision 044): the line's moves per drop, each buyer's turn once. */
describe('queue events on the live stream', () => {
  let t: TestApp;
  let op: { token: string };
  let buyers: { id: string; token: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    op = await signInOperator(t);
    buyers = await createBuyers(t.db, 3, t.clock.now());
  });
  afterAll(() => t.close());

  it('follows queue.<kind>:<id> topics', () => {
    expect(StreamQuerySchema.parse({ topics: 'queue.pack:pks_1,drop:ci_1' }).topics).toEqual([
      'queue.pack:pks_1',
      'drop:ci_1',
    ]);
    expect(StreamQuerySchema.safeParse({ topics: 'queue.market:x' }).success).toBe(false);
  });

  it('tells each buyer their turn once, at the tick that admits them, and moves the line for everyone', async () => {
    const start = new Date(t.clock.now().getTime() + 5 * MIN);
    const drop = await createDrop(t.db, { editionSize: 5, perUserLimit: 1, hot: true, saleStartsAt: start });
    await t.call('POST', 'admin/queue/rate', { token: op.token, body: { kind: 'card', id: drop, perMinute: 1 } });
    const topic = queueTopic('card', drop);
    const got = new Map<string, StreamMessage[]>();
    const closes = buyers.map((b, i) => {
      got.set(b.id, []);
      return t.app.services.live.open(`10.0.0.${i + 1}`, [topic], b.id, (m) => got.get(b.id)!.push(m));
    });
    for (const b of buyers) await t.call('POST', 'queue/join', { token: b.token, body: { kind: 'card', id: drop } });
    const job = startQueueTickJob({ queue: t.app.services.queue, log: t.app.log, intervalMs: 3_600_000 });
    const turns = (userId: string) => got.get(userId)!.filter((m) => m.topic === 'user');
    const lines = (userId: string) =>
      got
        .get(userId)!
        .filter((m) => m.topic === topic)
        .map((m) => m.event);

    // Before the start the places are not drawn yet: nothing goes out.
    expect(await job.runOnce()).toBe(0);
    t.clock.set(new Date(start.getTime() + 1));
    // The drops a tick looks at are those asked about lately (the waiting screens' polls).
    const ask = () => t.call('GET', 'queue/status', { token: buyers[0]!.token, query: { kind: 'card', id: drop } });
    await ask();
    expect(await job.runOnce()).toBe(1);
    const order = [...buyers].sort(
      (a, b) =>
        t.app.services.queue.shuffleOf(a.id, { kind: 'card', id: drop, startMs: start.getTime() }) -
        t.app.services.queue.shuffleOf(b.id, { kind: 'card', id: drop, startMs: start.getTime() }),
    );
    expect(turns(order[0]!.id).map((m) => m.event)).toEqual([{ type: 'queue-turn', kind: 'card', id: drop }]);
    expect(turns(order[1]!.id)).toEqual([]);
    for (const b of buyers)
      expect(lines(b.id)).toEqual([
        { type: 'queue', topic, admitted: 1, perMinute: 1, serverTime: t.clock.now().toISOString() },
      ]);
    // The same tick again tells nobody twice and sends no line.
    expect(await job.runOnce()).toBe(0);
    t.clock.advance(MIN);
    await ask();
    expect(await job.runOnce()).toBe(1);
    expect(turns(order[1]!.id)).toHaveLength(1);
    expect(turns(order[0]!.id)).toHaveLength(1);
    expect(lines(order[2]!.id).map((e) => (e as { admitted: number }).admitted)).toEqual([1, 2]);

    // A rate change reaches every waiting screen at once.
    await t.call('POST', 'admin/queue/rate', { token: op.token, body: { kind: 'card', id: drop, perMinute: 30 } });
    expect(lines(order[2]!.id).at(-1)).toMatchObject({ type: 'queue', admitted: 2, perMinute: 30 });
    await job.stop();
    closes.forEach((close) => close());
  });

  it('keeps ticking a drop whose line a stream here follows, though nobody asks (the screens wait for their turn)', async () => {
    const start = new Date(t.clock.now().getTime() + 5 * MIN);
    const drop = await createDrop(t.db, { editionSize: 5, perUserLimit: 1, hot: true, saleStartsAt: start });
    await t.call('POST', 'admin/queue/rate', { token: op.token, body: { kind: 'card', id: drop, perMinute: 1 } });
    const got: StreamMessage[] = [];
    // A line nobody sells on is followed too: it is never ticked (any topic name can be followed).
    const close = t.app.services.live.open(
      '10.0.1.1',
      [queueTopic('card', drop), queueTopic('card', 'ci_none')],
      buyers[0]!.id,
      (m) => got.push(m),
    );
    for (const b of buyers) await t.call('POST', 'queue/join', { token: b.token, body: { kind: 'card', id: drop } });
    const job = startQueueTickJob({ queue: t.app.services.queue, log: t.app.log, intervalMs: 3_600_000 });
    // Long after the last ask (the joins), with the line followed: the whole queue's turns are told.
    t.clock.set(new Date(start.getTime() + 10 * MIN));
    expect(await job.runOnce()).toBe(3);
    expect(got.filter((m) => m.topic === 'user')).toHaveLength(1);
    await job.stop();
    close();
  });
});
