import type { HttpError } from '@refinedev/core';
import { LANGUAGE_HEADER, REQUEST_TIMEOUT_MS } from '../../../shared/constants';
import { readAdminSession } from './session';

/** A query string value; null, undefined and '' are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `themes/create` → `/api/admin/themes/create`; paths starting with `/` are taken as they are (`/api/user/info`). */
export function apiPath(path: string): string {
  return path.startsWith('/') ? path : `/api/admin/${path}`;
}

function httpError(statusCode: number, message: string): HttpError {
  return { statusCode, message, name: message };
}

export function authHeaders(): Record<string, string> {
  const token = readAdminSession()?.token;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export interface Answer<T> {
  data: T;
  msg: string;
  headers: Headers;
}

/**
 * One call to the API: JSON envelope `{code,msg,data}` in, `data` out; a failure throws refine's
 * HttpError with the server's zh-HK message (the notification provider shows it).
 */
export async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: { query?: Query; body?: unknown; form?: FormData } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': LANGUAGE_HEADER,
    ...authHeaders(),
  };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (method === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body ?? {});
  }
  let res: Response;
  // Longer than the mobile app allows: uploads (sharp) and the dashboard can take a while.
  try {
    res = await fetch(apiPath(path) + queryString(opts.query), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
    });
  } catch {
    throw httpError(0, '網絡連線出現問題，請稍後再試');
  }
  let answer: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    answer = (await res.json()) as typeof answer;
  } catch {
    throw httpError(res.status, res.status >= 500 ? '伺服器暫時未能處理，請稍後再試' : '回應格式不正確');
  }
  const code = typeof answer.code === 'number' ? answer.code : res.status;
  const msg = typeof answer.msg === 'string' ? answer.msg : '';
  if (code !== 200) throw httpError(code, msg || '操作失敗，請稍後再試');
  return { data: answer.data as T, msg, headers: res.headers };
}

/**
 * A file download behind the bearer token (the code batch CSV): saved through a temporary link.
 * An envelope instead of the file (e.g. 410 已下載過) throws its message.
 */
export async function download(path: string, query: Query, fallbackName: string): Promise<string> {
  const res = await fetch(apiPath(path) + queryString(query), {
    headers: { 'Accept-Language': LANGUAGE_HEADER, ...authHeaders() },
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    let msg = '下載失敗，請稍後再試';
    try {
      const answer = (await res.json()) as { msg?: string };
      if (answer.msg) msg = answer.msg;
    } catch {
      // Not an envelope: keep the general message.
    }
    throw httpError(res.status, msg);
  }
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const fileName = name ? decodeURIComponent(name) : fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
