import type { FastifyInstance } from 'fastify';
import {
  StreamMessageSchema,
  StreamQuerySchema,
  type LiveTopic,
  type StreamMessage,
} from '../../../shared/schemas/live';
import { callerOf, typed } from '../../http';
import { KEEP_ALIVE_MS, sseStream, type SseStream } from './sse-stream';

/**
 * `GET /api/stream` (issue 23, docs/decisions/037-live-stream.md): server-sent events. Anyone may follow drop and
 * product topics; a signed-in caller (bearer token) also gets their own events, and a token of no live session a 403.
 * Closed after STREAM_MAX_MS.
 */
export async function liveRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { live } = app.services;
  const open = new Set<SseStream>();
  const keepAlive = setInterval(() => open.forEach((s) => s.comment('ka')), KEEP_ALIVE_MS);
  keepAlive.unref();
  // Before the server waits for its connections to end: a stream never ends by itself.
  app.addHook('preClose', async () => {
    clearInterval(keepAlive);
    for (const s of [...open]) s.end();
  });
  app.addHook('onClose', async () => live.close());

  r.get(
    '/stream',
    {
      schema: {
        tags: ['live'],
        summary: 'Live updates (text/event-stream): one `data:` line of JSON per message',
        querystring: StreamQuerySchema,
        response: { 200: StreamMessageSchema },
      },
    },
    async (req, reply) => {
      // Before the stream is counted or opened: a stale token gets the 403 that signs the tab out.
      const userId = callerOf(req)?.userId ?? null;
      const topics = req.query.topics as LiveTopic[];
      // Until the snapshots are written, live messages wait, so a snapshot read before a change never follows it.
      let queue: StreamMessage[] | null = [];
      let stream: SseStream | null = null;
      const close = live.open(req.ip, topics, userId, (m) => (queue ? queue.push(m) : stream?.send(m)));
      reply.hijack();
      const s = sseStream(reply.raw, req.id, () => {
        clearTimeout(lifetime);
        open.delete(s);
        close();
      });
      stream = s;
      open.add(s);
      const lifetime = setTimeout(() => s.end(), app.deps.config.STREAM_MAX_MS);
      lifetime.unref();
      try {
        for (const topic of topics) {
          const event = await live.snapshot(topic);
          if (event) s.send({ topic, event });
        }
      } catch (err) {
        req.log.warn({ err }, 'live: snapshot not sent');
      }
      const waiting = queue;
      queue = null;
      for (const m of waiting) s.send(m);
      s.comment('ready');
    },
  );
}
