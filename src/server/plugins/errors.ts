import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldLabel } from '../../shared/field-labels';
import { AppError, type ErrorKind } from '../errors';

const HAS_CJK = /[\u3400-\u9fff]/;

interface Issue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The zh-HK sentence for the first validation issue, naming the field. */
export function validationMessage(issues: Issue[]): string {
  const issue = issues[0]!;
  // A message written in the schema is already a zh-HK sentence that names the field.
  if (issue.message && HAS_CJK.test(issue.message)) return issue.message;
  const path = issue.instancePath.replace(/^\//, '');
  const label = path ? `「${fieldLabel(path)}」` : '請求內容';
  const p = issue.params;
  switch (issue.keyword) {
    case 'unrecognized_keys':
      return `不接受的欄位：${((p.keys as string[] | undefined) ?? []).join('、')}`;
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '') ? `請填寫${label}` : `${label}格式不正確`;
    case 'too_small':
      return p.origin === 'string' ? `${label}最少 ${String(p.minimum)} 個字` : `${label}不能小於 ${String(p.minimum)}`;
    case 'too_big':
      return p.origin === 'string' ? `${label}最多 ${String(p.maximum)} 個字` : `${label}不能大於 ${String(p.maximum)}`;
    case 'invalid_value':
      return `${label}的值不在可選範圍內`;
    default:
      return `${label}格式不正確`;
  }
}

function send(reply: FastifyReply, code: number, msg: string): FastifyReply {
  return reply.status(code).type('application/json; charset=utf-8').send({ code, msg, data: null });
}

const FASTIFY_CODES: Record<string, [ErrorKind, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', '提交的內容太大'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid', '請求內容不是有效的 JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid', '請求內容不能為空'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['invalid', '不支援此內容類型，請以 JSON 提交'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['invalid', '請求長度不正確'],
};

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
      return send(reply, err.code, err.message);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return send(reply, 400, validationMessage(err.validation));
    }
    const fe = err as FastifyError;
    const known = fe.code ? FASTIFY_CODES[fe.code] : undefined;
    if (known) {
      const appErr = new AppError(known[0], known[1]);
      return send(reply, appErr.code, appErr.message);
    }
    if (fe.statusCode === 429) return send(reply, 429, '操作過於頻繁，請稍後再試');
    if (err instanceof SyntaxError || fe.statusCode === 400) return send(reply, 400, '請求格式錯誤');
    if (fe.statusCode === 413) return send(reply, 413, '提交的內容太大');
    // 403 is kept for "not signed in"; a static file refused (a directory, a dotfile) is simply not there.
    if (fe.statusCode === 404 || fe.statusCode === 403) return send(reply, 404, '找不到此內容');
    request.log.error({ err }, 'unexpected error');
    return send(reply, 500, '系統繁忙，請稍後再試');
  });
}

/** PostgreSQL ended the session (terminated, shutting down) or the connection broke. */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']);
const CONNECTION_LOST_MESSAGE = /Connection terminated|connection error and is not queryable|terminating connection/i;

/** Whether an error (or one of its causes: drizzle wraps driver errors) is a lost database connection. */
export function isConnectionLost(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 5) return false;
  const code = (err as Error & { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_LOST_CODES.has(code)) return true;
  if (CONNECTION_LOST_MESSAGE.test(err.message)) return true;
  return isConnectionLost(err.cause, depth + 1);
}
