import type { ServerResponse } from 'node:http';
import type { StreamMessage } from '../../../shared/schemas/live';

/** A comment line every this often keeps proxies and load balancers from closing a quiet stream. */
export const KEEP_ALIVE_MS = 25_000;
/** What a client is told to wait before reconnecting (its own backoff takes over after failures). */
export const RETRY_MS = 3_000;
/** A client that lets this much pile up unread is dropped (it reconnects and gets the state afresh). */
const MAX_BUFFERED = 256 * 1024;

/** The headers of a stream: never compressed, cached or buffered by a proxy (nginx: X-Accel-Buffering). */
export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
} as const;

export interface SseStream {
  send(m: StreamMessage): void;
  comment(text: string): void;
  end(): void;
  readonly open: boolean;
}

/** One `text/event-stream` answer on `res` (the route has hijacked the reply); `onEnd` runs once, however it ends. */
export function sseStream(res: ServerResponse, requestId: string, onEnd: () => void): SseStream {
  res.writeHead(200, { ...SSE_HEADERS, 'X-Request-Id': requestId });
  res.write(`retry: ${RETRY_MS}\n\n`);
  let open = true;
  const finish = () => {
    if (!open) return;
    open = false;
    onEnd();
  };
  res.on('close', finish);
  res.on('error', finish);
  const write = (chunk: string) => {
    if (!open) return;
    if (res.writableLength > MAX_BUFFERED) return stream.end();
    res.write(chunk);
  };
  const stream: SseStream = {
    send: (m) => write(`data: ${JSON.stringify(m)}\n\n`),
    comment: (text) => write(`: ${text}\n\n`),
    end() {
      if (!res.writableEnded) res.end();
      finish();
    },
    get open() {
      return open;
    },
  };
  return stream;
}

/** Parses a stream's body into its messages (tests, the fuzz run and the bench read streams with it). */
export function parseSse(text: string): StreamMessage[] {
  return text
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n'),
    )
    .filter(Boolean)
    .map((data) => JSON.parse(data) as StreamMessage);
}
