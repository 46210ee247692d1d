import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, z } from 'zod';

type Write = (data: unknown) => string;

function compiled(schema: z.ZodType): Write {
  const json = toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'throw',
    cycles: 'ref',
  });
  return fastJson(json as Parameters<typeof fastJson>[0]) as Write;
}

/**
 * A list answered as an array unpaged and as a page object paged (`data: Row[] | RowPage`): one
 * serializer per shape, chosen by the answer itself, instead of one that validates the whole answer to
 * find which shape it has.
 */
function byShape(envelope: z.ZodType): Write | undefined {
  if (!(envelope instanceof z.ZodObject)) return undefined;
  const data = envelope.shape.data;
  if (!(data instanceof z.ZodUnion)) return undefined;
  const options = data.options as z.ZodType[];
  const list = options.find((option) => option instanceof z.ZodArray);
  const page = options.find((option) => option instanceof z.ZodObject);
  if (options.length !== 2 || !list || !page) return undefined;
  const asList = compiled(envelope.extend({ data: list }));
  const asPage = compiled(envelope.extend({ data: page }));
  return (answer) => (Array.isArray((answer as { data?: unknown }).data) ? asList(answer) : asPage(answer));
}

/**
 * Answers are written through their declared schemas: a serializer compiled once per route from the
 * JSON Schema of its zod answer (fast-json-stringify), which writes only the declared fields. An
 * answer schema JSON Schema cannot express is written by zod as before (decision 125).
 */
export const answerSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema as z.ZodType;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route as never);
  try {
    return byShape(schema) ?? compiled(schema);
  } catch {
    return zodSerializerCompiler(route as never);
  }
};
