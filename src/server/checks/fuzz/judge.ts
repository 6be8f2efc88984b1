import type { FuzzRequest } from './requests';

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/**
 * What is wrong with an answer, or null. The contract of every /api answer: the envelope {code, msg, data}
 * as JSON, HTTP status = code, never 5xx, data null on errors, and 403 only for a request without a valid session.
 * `image`: the operation answers a JPEG on success (and the envelope otherwise).
 */
export function judge(req: FuzzRequest, res: Answer, image = false): string | null {
  if (res.status >= 500) return `answered ${res.status}`;
  if (res.status === 200 && res.contentType?.startsWith('text/event-stream')) return streamProblem(res.body);
  // A picture route's success is the picture itself.
  if (image && res.status === 200)
    return res.contentType === 'image/jpeg' ? null : `answered 200 as ${res.contentType}`;
  if (!res.contentType?.startsWith('application/json'))
    return `answered ${res.status} as ${res.contentType ?? 'no content type'}, not JSON`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    return `answered ${res.status} with a body that is not JSON`;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return `answered ${res.status} with a non-object body`;
  const env = parsed as Record<string, unknown>;
  const keys = Object.keys(env).sort().join(',');
  if (keys !== 'code,data,msg') return `answered ${res.status} with keys ${keys}, not {code,msg,data}`;
  if (env.code !== res.status) return `answered HTTP ${res.status} with code ${String(env.code)}`;
  if (typeof env.msg !== 'string') return `answered ${res.status} with a msg that is not a string`;
  if (res.status !== 200 && env.data !== null) return `answered ${res.status} with data that is not null`;
  if (res.status !== 200 && env.msg === '') return `answered ${res.status} with an empty msg`;
  if (res.status === 403 && req.auth === 'valid')
    return 'answered 403 to a request with a valid session (403 means "not signed in" only)';
  if (ENGLISH.test(env.msg)) return `answered ${res.status} with a message in English`;
  return null;
}

/** Words of zod's and Fastify's English messages. */
const ENGLISH = /\b(Invalid|invalid|expected|Expected|Required|received|Too (big|small)|must|should|Unrecognized)\b/;
/** An error message in English: every message a user can see is a zh-HK sentence. */
export const isEnglishError = (res: Answer) => {
  if (res.status === 200) return false;
  try {
    return ENGLISH.test((JSON.parse(res.body) as { msg: string }).msg);
  } catch {
    return false;
  }
};

/**
 * What is wrong with an event stream's body (`GET /api/stream`, closed by STREAM_MAX_MS in the fuzz run), or null:
 * blocks of `retry:`, comment and `data:` lines, each `data:` one JSON message `{topic, event}`.
 */
function streamProblem(body: string): string | null {
  for (const block of body.split('\n\n').filter(Boolean)) {
    for (const line of block.split('\n')) {
      if (/^(retry: \d+|: .*)$/.test(line)) continue;
      if (!line.startsWith('data: ')) return `streamed a line that is not SSE: ${line.slice(0, 80)}`;
      try {
        const m = JSON.parse(line.slice(6)) as { topic?: unknown; event?: { type?: unknown } };
        if (typeof m.topic !== 'string' || typeof m.event?.type !== 'string')
          return 'streamed a message without topic and event';
      } catch {
        return 'streamed a data line that is not JSON';
      }
    }
  }
  return null;
}
