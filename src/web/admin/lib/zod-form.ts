import type { FormInstance } from 'antd';
import type { ZodType } from 'zod';

/**
 * Validates a request body with the shared zod schema (the one the server uses) and puts each
 * message on its form field; `fieldOf` names the form field of a body key when they differ
 * (e.g. priceCents is typed in dollars as `price`). Returns the parsed body, or null when invalid.
 */
export function validateWith<T>(
  schema: ZodType<T> | undefined,
  body: Record<string, unknown>,
  form: FormInstance,
  fieldOf: Record<string, string> = {},
): T | Record<string, unknown> | null {
  if (!schema) return body;
  const result = schema.safeParse(body);
  if (result.success) return body;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = new Map<string, string[]>();
  const unplaced: string[] = [];
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const name = fieldOf[key] ?? key;
    if (name && known.has(name)) fields.set(name, [...(fields.get(name) ?? []), issue.message]);
    else unplaced.push(issue.message);
  }
  form.setFields([...fields].map(([name, errors]) => ({ name, errors })));
  if (unplaced.length > 0) throw new Error(unplaced.join('；'));
  return null;
}
