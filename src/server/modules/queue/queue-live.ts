import type { DropKey } from '../../../shared/schemas/queue';
import { queueTopic, type QueueLineEvent, type QueueTurnEvent } from '../../../shared/schemas/live';
import type { LiveService } from '../live/live.service';
import { queueIdOf } from './admission';
import { admittedBy, type DropView, type DropViews } from './queue-schedule';
import type { QueueStore } from './queue-store';

/** How often the admission tick runs (the live stream's position updates come at most this often). */
export const QUEUE_TICK_MS = 1_000;
/** The most turn events one drop sends in one tick (the rest go at the next ticks; polling still finds them). */
const TURNS_PER_TICK = 500;
/** The drops a tick looks at: those asked about on this instance in this long (polls keep a waiting drop here). */
const LIVE_WITHIN_MS = 60_000;

export type QueueLive = Pick<LiveService, 'publishTopic' | 'publishUser'>;

/**
 * The waiting room on the live stream (decision 044): a buyer's place is their rank less how many the clock has
 * admitted, so one message per drop (`queue.<kind>:<id>`: the admitted count and the rate) moves every waiting
 * screen, and each buyer gets one event of their own, when their turn comes. The store answers each turn once
 * (`turns`), so with several instances ticking only one tells a buyer, and the line's message goes with it.
 */
export function createQueueTicker(ctx: {
  now: () => number;
  views: DropViews;
  store: QueueStore;
  over: (v: DropView) => boolean;
  live: () => QueueLive | undefined;
}) {
  const line = (v: DropView, t: number): QueueLineEvent => ({
    type: 'queue',
    topic: queueTopic(v.drop.kind, v.drop.id),
    admitted: admittedBy(v.drop.startMs, v.schedule, t),
    perMinute: v.schedule.perMinute,
    serverTime: new Date(t).toISOString(),
  });

  return {
    /** One admission tick: tells the buyers whose turn came, and moves their drops' lines; answers how many were told. */
    async tick(): Promise<number> {
      const live = ctx.live();
      if (!live) return 0;
      const t = ctx.now();
      let told = 0;
      for (const key of ctx.views.recent(LIVE_WITHIN_MS)) {
        try {
          const v = await ctx.views.get(key, { touch: false });
          // Before the start ranks still move (the shuffle is drawn at the start); after the end no one gets in.
          if (t < v.drop.startMs || ctx.over(v)) continue;
          const event = line(v, t);
          const users = await ctx.store.turns(queueIdOf(v.drop), event.admitted, TURNS_PER_TICK);
          if (users.length === 0) continue;
          live.publishTopic(queueTopic(key.kind, key.id), event);
          const turn: QueueTurnEvent = { type: 'queue-turn', kind: key.kind, id: key.id };
          for (const u of users) live.publishUser(u, turn);
          told += users.length;
        } catch {
          // An item gone or the store away: polling still answers; the next tick tries again.
        }
      }
      return told;
    },

    /** The operator changed the rate: every waiting screen gets the new line at once. */
    async rateChanged(key: DropKey): Promise<void> {
      const v = await ctx.views.get(key);
      ctx.live()?.publishTopic(queueTopic(key.kind, key.id), line(v, ctx.now()));
    },
  };
}
