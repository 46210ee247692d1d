import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, z } from 'zod';

type Write = (data: unknown) => string;

type JsonSchema = { [keyword: string]: unknown };

/**
 * `anyOf: [{ type: T, … }, { type: 'null' }]`, zod's nullable, as `{ type: [T, 'null'], … }`: the same
 * values, which fast-json-stringify writes after a type check instead of validating each value against
 * both branches.
 */
function withNullableTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableTypes);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node as JsonSchema).map(([key, value]) => [key, withNullableTypes(value)]),
  ) as JsonSchema;
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (branches?.length !== 2) return schema;
  const value = branches.find((branch) => branch.type !== 'null');
  const isNull = branches.some((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
  if (!isNull || !value || typeof value.type !== 'string' || 'anyOf' in value || '$ref' in value)
    return schema;
  const { anyOf: _, ...rest } = schema;
  return { ...rest, ...value, type: [value.type, 'null'] };
}

function compiled(schema: z.ZodType): Write {
  const json = toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'throw',
    cycles: 'ref',
  });
  return fastJson(withNullableTypes(json) as Parameters<typeof fastJson>[0]) as Write;
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
  // Compiled when the route first answers: a server that never answers a route never pays for it.
  let write: Write | undefined;
  return (answer) => {
    write ??= serializerOf(schema, route as never);
    return write(answer);
  };
};

/** Serializers by the JSON Schema they were compiled from: every app of a process shares them. */
const serializers = new Map<string, Write>();

function serializerOf(schema: z.ZodType, route: Parameters<typeof zodSerializerCompiler>[0]): Write {
  try {
    const key = JSON.stringify(
      toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', cycles: 'ref' }),
    );
    let write = serializers.get(key);
    if (!write) {
      write = byShape(schema) ?? compiled(schema);
      serializers.set(key, write);
    }
    return write;
  } catch {
    return zodSerializerCompiler(route);
  }
}
