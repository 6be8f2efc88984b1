import type { StreamMessage } from '../../shared/schemas/live';
import { parseSse } from '../modules/live/sse-stream';

export interface TestStream {
  status: number;
  headers: Headers;
  /** Every message so far, in order. */
  messages: StreamMessage[];
  /** Every comment so far (`ready` once the snapshots are written). */
  comments: string[];
  /** Resolves with the first message (from `from` on) that `pred` accepts; rejects after `ms`. */
  next(pred: (m: StreamMessage) => boolean, ms?: number, from?: number): Promise<StreamMessage>;
  /** Resolves once the comment `text` arrived. */
  comment(text: string, ms?: number): Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

const waitFor = async (what: string, cond: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`stream: never got ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** Opens `GET {base}/api/stream?topics=…` over real HTTP and reads it as it comes (tests only). */
export async function openTestStream(base: string, topics: string[], token?: string): Promise<TestStream> {
  const ctl = new AbortController();
  const res = await fetch(`${base}/api/stream?topics=${encodeURIComponent(topics.join(','))}`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: ctl.signal,
  });
  const messages: StreamMessage[] = [];
  const comments: string[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  const ended = (async () => {
    if (!res.body || res.status !== 200) return;
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        const cut = buffer.lastIndexOf('\n\n');
        if (cut < 0) continue;
        const complete = buffer.slice(0, cut + 2);
        buffer = buffer.slice(cut + 2);
        for (const line of complete.split('\n')) if (line.startsWith(': ')) comments.push(line.slice(2));
        messages.push(...parseSse(complete));
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    messages,
    comments,
    async next(pred, ms = 15_000, from = 0) {
      let found: StreamMessage | undefined;
      await waitFor('the message', () => (found = messages.slice(from).find(pred)) !== undefined, ms);
      return found!;
    },
    comment: (text, ms = 15_000) => waitFor(`: ${text}`, () => comments.includes(text), ms),
    ended,
    close: () => ctl.abort(),
  };
}
