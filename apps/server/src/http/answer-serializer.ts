import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, z } from 'zod';

/**
 * Answers are written through their declared schemas: a serializer compiled once per route from the
 * JSON Schema of its zod answer (fast-json-stringify), which writes only the declared fields and
 * writes them faster than `JSON.stringify` of the whole object. An answer schema JSON Schema cannot
 * express is written by zod as before (decision 125).
 */
export const answerSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema as z.ZodType;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route as never);
  let json: object;
  try {
    json = toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw', cycles: 'ref' });
  } catch {
    return zodSerializerCompiler(route as never);
  }
  return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
};
