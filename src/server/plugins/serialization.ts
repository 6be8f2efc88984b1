import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Json = { [key: string]: unknown };

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The primitive JSON types a branch of a union can take, or null when it is not a plain primitive. */
function primitiveTypes(branch: Json): string[] | null {
  if (branch.properties || branch.items || branch.anyOf || branch.oneOf || branch.allOf || branch.$ref) return null;
  if ('const' in branch) {
    const c = branch.const;
    if (c === null) return ['null'];
    const t = typeof c;
    return t === 'string' || t === 'number' || t === 'boolean' ? [t] : null;
  }
  const types = Array.isArray(branch.type)
    ? (branch.type as string[])
    : typeof branch.type === 'string'
      ? [branch.type]
      : [];
  return types.length > 0 && types.every((t) => PRIMITIVES.has(t)) ? types : null;
}

/**
 * Rewrites a zod-made JSON schema for fast-json-stringify: unions of primitives (nullable fields,
 * enums of literals) become a list of types, which it writes without validating each branch; and
 * `additionalProperties: false` goes, since it only serves to pick a union's branch by validation
 * here, where an answer with an extra field would then match no branch. fast-json-stringify writes
 * only the declared properties of an object either way: unknown fields never leave the server.
 */
export function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Json;
  const union = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (union) {
    const types = union.map(primitiveTypes);
    if (types.every((t): t is string[] => t !== null)) {
      const { anyOf: _a, oneOf: _o, ...rest } = s;
      // `integer` and `number` together are written as numbers.
      const merged = [...new Set(types.flat())];
      const list = merged.includes('number') ? merged.filter((t) => t !== 'integer') : merged;
      // No `format`: services answer dates as ISO strings already, and fast-json-stringify would write a null date-time as "".
      return { ...rest, type: list.length === 1 ? list[0] : list };
    }
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(s)) {
    if (key === 'additionalProperties' && value === false) continue;
    // Validation-only keywords: never needed to write a value, and costly when a union is matched.
    if (key === 'pattern' || key === '$schema') continue;
    out[key] =
      key === 'properties' || key === '$defs' || key === 'definitions'
        ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, forSerializer(v)]))
        : forSerializer(value);
  }
  return out;
}

/**
 * The response serializer of every route: the route's zod response schema, turned once into a JSON
 * schema and compiled with fast-json-stringify, instead of a zod parse of every answer followed by
 * JSON.stringify. The types of the services already guarantee the shape (TypeScript, strict); what
 * the schema still does per answer is leave out every field it does not declare. A schema that JSON
 * Schema cannot express (a transform) keeps zod's serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema as z.ZodType | { properties?: unknown };
  const zodSchema = schema instanceof z.ZodType ? schema : (schema as { properties?: unknown }).properties;
  if (!(zodSchema instanceof z.ZodType)) return zodSerializerCompiler(route);
  let json: unknown;
  try {
    json = z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJson(forSerializer(json) as Parameters<typeof fastJson>[0]);
};
