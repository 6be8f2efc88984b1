import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { fieldLabel } from '../../shared/field-labels';
import { AppError, RequestValidationError } from '../errors';
import { issueMessage, validationMessage } from './errors';

/**
 * The zod validator of every route. Issues a schema words itself keep their message; every other
 * issue gets its zh-HK sentence from `validationMessage` while it still knows the input.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = z.safeParse(schema, data, { error: (issue) => validationMessage(issue) });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(issueMessage(result.error.issues[0]!)) };
  };

/**
 * C0 control characters other than tab, line feed and carriage return. PostgreSQL refuses NUL in
 * text outright (a 500 if it got that far); the others have no business in any field of this API.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
// eslint-disable-next-line no-control-regex -- idem
const ALL_CONTROL_CHARS = /[\u0000-\u001F]/g;

interface Node {
  value: unknown;
  key: string | number | null;
  parent: Node | null;
}

const pathOf = (node: Node, last?: string): (string | number)[] => {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let n: Node | null = node; n && n.key !== null; n = n.parent) path.push(n.key);
  return path.reverse();
};

/** The path of the first string (value or key) holding a control character, or null. */
export function findControlChar(root: unknown): (string | number)[] | null {
  // Iterative, with parent links instead of copied paths: a deeply nested body costs linear time, never the stack.
  const stack: Node[] = [{ value: root, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (CONTROL_CHARS.test(value)) return pathOf(node);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: node });
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const key of Object.keys(value)) {
        if (CONTROL_CHARS.test(key)) return pathOf(node, key);
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: node });
      }
    }
  }
  return null;
}

/** Refuses, before any schema or handler, a request whose query, params, body or headers hold a control character. */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const parts: [string, unknown][] = [
      ['query', request.query],
      ['params', request.params],
      // Raw bodies (webhooks) are bytes checked by their signature, not strings.
      ['body', request.body],
      ['headers', request.headers],
    ];
    for (const [part, value] of parts) {
      const path = findControlChar(value);
      if (!path) continue;
      // The name is the caller's own text: shown without its control characters and cut short.
      const name = path
        .filter((p): p is string => typeof p === 'string')
        .pop()
        ?.replace(ALL_CONTROL_CHARS, '')
        .slice(0, 40);
      const label = part === 'headers' ? `「${String(name)}」標頭` : name ? `「${fieldLabel(name)}」` : '請求內容';
      throw new AppError('invalid', `${label}含有不接受的控制字元`);
    }
  });
}
