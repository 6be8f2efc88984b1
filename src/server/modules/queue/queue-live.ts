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
/**
 * The drops a tick looks at: those asked about on this instance in this long, and those whose line a stream here
 * follows (a waiting screen with the stream up asks only when its turn is due).
 */
const LIVE_WITHIN_MS = 60_000;

export type QueueLive = Pick<LiveService, 'publishTopic' | 'publishUser' | 'listened'>;

/** The drops of the waiting-room lines followed on this instance (`queue.<kind>:<id>`). */
function followed(live: QueueLive): DropKey[] {
  const out: DropKey[] = [];
  for (const topic of live.listened()) {
    const m = /^queue\.([a-z]+):(.+)$/.exec(topic);
    if (m) out.push({ kind: m[1] as DropKey['kind'], id: m[2]! });
  }
  return out;
}

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
      const keys = new Map<string, DropKey>();
      // A followed line counts once this instance has read its drop (any topic name can be followed).
      const lines = followed(live).filter((key) => ctx.views.knows(key));
      for (const key of [...ctx.views.recent(LIVE_WITHIN_MS), ...lines]) keys.set(`${key.kind}:${key.id}`, key);
      for (const key of keys.values()) {
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
