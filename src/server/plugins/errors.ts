import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldLabel } from '../../shared/field-labels';
import { AppError, RequestValidationError, type ErrorKind } from '../errors';

const HAS_CJK = /[\u3400-\u9fff]/;

type RawIssue = z.core.$ZodRawIssue;
type Path = readonly PropertyKey[] | undefined;

/** 「手機號碼」, 「圖片」第 2 項, or 請求內容 for the whole body or query. */
export function fieldName(path: Path): string {
  const segments = (path ?? []).filter((p): p is string | number => typeof p !== 'symbol');
  let i = segments.length - 1;
  const indexes: number[] = [];
  while (i >= 0 && typeof segments[i] === 'number') indexes.unshift(segments[i--] as number);
  if (i < 0) return indexes.length ? `第 ${indexes[0]! + 1} 項` : '請求內容';
  const label = `「${fieldLabel(String(segments[i])).slice(0, 40)}」`;
  return indexes.length ? `${label}第 ${indexes[indexes.length - 1]! + 1} 項` : label;
}

const TYPE_SENTENCES: Record<string, string> = {
  string: '必須是文字',
  number: '必須是數字',
  int: '必須是整數',
  bigint: '必須是整數',
  boolean: '只可以是 true 或 false',
  array: '必須是列表',
  date: '必須是日期',
};

const FORMAT_NAMES: Record<string, string> = {
  email: '電郵地址',
  url: '網址',
  uuid: 'UUID',
  guid: 'UUID',
  datetime: '日期時間（ISO 8601）',
  date: '日期（YYYY-MM-DD）',
  time: '時間',
  ipv4: 'IP 地址',
  ipv6: 'IP 地址',
  e164: '電話號碼',
  base64: 'Base64 文字',
  base64url: 'Base64 文字',
  jwt: 'JWT',
};

const show = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'bigint' ? v.toString() : (JSON.stringify(v) ?? String(v));
const oneOf = (values: readonly unknown[]) =>
  values.length === 1
    ? show(values[0])
    : `${values.slice(0, -1).map(show).join('、')} 或 ${show(values[values.length - 1])}`;

/**
 * The zh-HK sentence for one zod issue (every kind zod 4 raises), naming the field. Used as the
 * parse's error map, so it runs only for issues the schema did not word itself.
 */
export function validationMessage(issue: RawIssue): string {
  const label = fieldName(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `請填寫${label}`;
      return `${label}${TYPE_SENTENCES[issue.expected] ?? '格式不正確'}`;
    case 'too_small': {
      const n = show(issue.minimum);
      switch (issue.origin) {
        case 'string':
          if (issue.exact) return `${label}必須是 ${n} 個字`;
          return Number(issue.minimum) <= 1 ? `請填寫${label}` : `${label}最少 ${n} 個字`;
        case 'array':
        case 'set':
          return issue.exact ? `${label}必須有 ${n} 項` : `${label}最少 ${n} 項`;
        case 'date':
          return `${label}不能早於 ${new Date(Number(issue.minimum)).toISOString()}`;
        case 'file':
          return `${label}太小`;
        default:
          return issue.inclusive === false ? `${label}必須大於 ${n}` : `${label}不能小於 ${n}`;
      }
    }
    case 'too_big': {
      const n = show(issue.maximum);
      switch (issue.origin) {
        case 'string':
          return issue.exact ? `${label}必須是 ${n} 個字` : `${label}最多 ${n} 個字`;
        case 'array':
        case 'set':
          return issue.exact ? `${label}必須有 ${n} 項` : `${label}最多 ${n} 項`;
        case 'date':
          return `${label}不能遲於 ${new Date(Number(issue.maximum)).toISOString()}`;
        case 'file':
          return `${label}太大`;
        default:
          return issue.inclusive === false ? `${label}必須小於 ${n}` : `${label}不能大於 ${n}`;
      }
    }
    case 'invalid_format': {
      const i = issue as RawIssue & { prefix?: string; suffix?: string; includes?: string };
      if (issue.format === 'starts_with') return `${label}必須以「${i.prefix ?? ''}」開頭`;
      if (issue.format === 'ends_with') return `${label}必須以「${i.suffix ?? ''}」結尾`;
      if (issue.format === 'includes') return `${label}必須包含「${i.includes ?? ''}」`;
      if (issue.format === 'lowercase') return `${label}只可以用小寫字母`;
      if (issue.format === 'uppercase') return `${label}只可以用大寫字母`;
      const name = FORMAT_NAMES[issue.format];
      return name ? `${label}不是有效的${name}` : `${label}格式不正確`;
    }
    case 'not_multiple_of':
      return `${label}必須是 ${show(issue.divisor)} 的倍數`;
    case 'unrecognized_keys': {
      const keys = issue.keys.slice(0, 5).map((k) => k.slice(0, 40));
      const more = issue.keys.length > 5 ? ` 等 ${issue.keys.length} 個` : '';
      return `${label === '請求內容' ? '' : label}不接受的欄位：${keys.join('、')}${more}`;
    }
    case 'invalid_union': {
      const u = issue as RawIssue & { options?: unknown[] };
      if (u.options && u.options.length > 0 && u.options.length <= 8) return `${label}只可以是 ${oneOf(u.options)}`;
      return `${label}格式不正確`;
    }
    case 'invalid_key': {
      // The path ends with the offending key itself.
      const path = issue.path ?? [];
      const key = String(path[path.length - 1] ?? '').slice(0, 40);
      return `${fieldName(path.slice(0, -1))}含有不接受的鍵「${key}」`;
    }
    case 'invalid_element':
      return `${label}含有不正確的項目`;
    case 'invalid_value':
      if (issue.values.length === 1) return `${label}必須是 ${show(issue.values[0])}`;
      if (issue.values.length <= 8) return `${label}只可以是 ${oneOf(issue.values)}`;
      return `${label}的值不在可選範圍內`;
    case 'custom':
    default:
      return `${label}格式不正確`;
  }
}

/** The envelope message of a finished issue: its own zh-HK sentence, or a generic one naming the field. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  return HAS_CJK.test(issue.message) ? issue.message : `${fieldName(issue.path)}格式不正確`;
}

function send(reply: FastifyReply, code: number, msg: string, data: unknown = null): FastifyReply {
  return reply.status(code).type('application/json; charset=utf-8').send({ code, msg, data });
}

const FASTIFY_CODES: Record<string, [ErrorKind, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', '提交的內容太大'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid', '請求內容不是有效的 JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid', '請求內容不能為空'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['invalid', '不支援此內容類型，請以 JSON 提交'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['invalid', '請求長度不正確'],
  // Uploads (@fastify/multipart): the limits' words come from the route's `config.upload`.
  FST_REQ_FILE_TOO_LARGE: ['payload_too_large', '檔案太大'],
  FST_FILES_LIMIT: ['invalid', '每次只可上載一個檔案'],
  FST_FIELDS_LIMIT: ['invalid', '表單欄位太多'],
  FST_PARTS_LIMIT: ['invalid', '表單欄位太多'],
  FST_PROTO_VIOLATION: ['invalid', '表單欄位名稱不正確'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['invalid', '請以 multipart/form-data 上載圖片'],
};

/** The SQLSTATE of a database error (node-postgres and PGlite put it on the error or its cause). */
function sqlState(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** One mapper from every error to the envelope; 5xx never leak details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    // The transaction was rolled back with its connection: nothing happened, the client may retry.
    if (isConnectionLost(err)) {
      request.log.error({ err }, 'database connection lost');
      return send(reply, 503, '服務暫時無法使用，請稍後再試');
    }
    if (err instanceof AppError) {
      if (err.code >= 500) request.log.error({ err }, 'request failed');
      return send(reply, err.code, err.message, err.code < 500 ? (err.data ?? null) : null);
    }
    if (err instanceof RequestValidationError) return send(reply, 400, err.message);
    const fe = err as FastifyError;
    const known = fe.code ? FASTIFY_CODES[fe.code] : undefined;
    if (known) {
      const upload = request.routeOptions.config?.upload;
      const words =
        upload && fe.code === 'FST_REQ_FILE_TOO_LARGE'
          ? upload.tooLarge
          : upload && (fe.code === 'FST_FIELDS_LIMIT' || fe.code === 'FST_PARTS_LIMIT')
            ? upload.fields
            : known[1];
      const appErr = new AppError(known[0], words);
      return send(reply, appErr.code, appErr.message);
    }
    if (fe.statusCode === 429) return send(reply, 429, '操作過於頻繁，請稍後再試');
    if (err instanceof SyntaxError || fe.statusCode === 400) return send(reply, 400, '請求格式錯誤');
    if (fe.statusCode === 413) return send(reply, 413, '提交的內容太大');
    // 403 is kept for "not signed in"; a static file refused (a directory, a dotfile) is simply not there.
    if (fe.statusCode === 404 || fe.statusCode === 403) return send(reply, 404, '找不到此內容');
    // Class 22 (data exception: a value out of range, bad text for a type) is the caller's input
    // that a schema let through; a 400, logged so the schema gets its bound.
    if (sqlState(err)?.startsWith('22')) {
      request.log.warn({ err }, 'database refused a value the schema accepted');
      return send(reply, 400, '請求內容含有不接受的值');
    }
    request.log.error({ err }, 'unexpected error');
    return send(reply, 500, '系統繁忙，請稍後再試');
  });
}

/** PostgreSQL ended the session (terminated, shutting down) or the connection broke. */
const CONNECTION_LOST_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
]);
const CONNECTION_LOST_MESSAGE = /Connection terminated|connection error and is not queryable|terminating connection/i;

/** Whether an error (or one of its causes: drizzle wraps driver errors) is a lost database connection. */
export function isConnectionLost(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 5) return false;
  const code = (err as Error & { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_LOST_CODES.has(code)) return true;
  if (CONNECTION_LOST_MESSAGE.test(err.message)) return true;
  return isConnectionLost(err.cause, depth + 1);
}
