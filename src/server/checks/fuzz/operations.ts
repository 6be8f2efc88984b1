/** The operations of `/api/openapi.json`, with what each takes: what the fuzz, ownership and admin checks walk. */
import type { JsonSchema } from './arbitraries';

/** One operation of `/api/openapi.json`, with what it takes. */
export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  /** `GET /api/card/detail` */
  id: string;
  query: Param[];
  headers: Param[];
  body?: JsonSchema;
}

export interface Param {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Every operation of the document. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      if (method !== 'GET' && method !== 'POST')
        throw new Error(`${method} ${path}: the fuzzer knows GET and POST only; teach it ${method}`);
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) }));
      ops.push({
        method,
        path,
        id: `${method} ${path}`,
        query: params('query'),
        headers: params('header'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}
