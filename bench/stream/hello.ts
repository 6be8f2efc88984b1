/**
 * The baseline of `bench:stream`, in its own process: a bare Fastify with the least an event stream needs
 * (`GET /stream` holds the response open, `POST /poke?left=` writes one message to every open stream).
 */
import Fastify from 'fastify';
import type { ServerResponse } from 'node:http';

const app = Fastify({ logger: false });
const open = new Set<ServerResponse>();
app.get('/healthz', async () => ({ ok: true }));
app.get('/stream', (req, reply) => {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' });
  res.write(': ready\n\n');
  open.add(res);
  res.on('close', () => open.delete(res));
});
app.post('/poke', async (req) => {
  const left = Number((req.query as { left?: string }).left);
  const line = `data: ${JSON.stringify({ topic: 'drop:x', event: { type: 'stock', left } })}\n\n`;
  for (const res of open) res.write(line);
  return { streams: open.size };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
