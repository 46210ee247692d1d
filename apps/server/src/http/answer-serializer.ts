import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, z } from 'zod';
import { projectionOf } from './answer-projection.ts';
import { WrittenJson } from './written-json.ts';

type Write = (data: unknown) => string;

type JsonSchema = { [keyword: string]: unknown };

/**
 * `anyOf: [{ type: T, … }, { type: 'null' }]`, zod's nullable, as `{ type: [T, 'null'], … }`: the same
 * values, projected inline after a type check instead of through a union's branches.
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

/**
 * Answers are written through their declared schemas: a projection compiled once per route from the
 * JSON Schema of its zod answer copies only the declared fields, and the native `JSON.stringify` writes
 * the copy (decisions 125 and 133). An answer schema JSON Schema cannot express is written by zod.
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
  let write: Write;
  try {
    write = answerWriterOf(schema);
  } catch {
    return zodSerializerCompiler(route);
  }
  // A success envelope whose data the server wrote itself goes out as written (decision 183): its bytes,
  // which fastify and the compression take as they take a string.
  return (answer) => {
    const data = (answer as { data?: unknown } | null)?.data;
    if (!(data instanceof WrittenJson)) return write(answer);
    return Buffer.concat([WRITTEN_START, data.bytes, WRITTEN_END]) as unknown as string;
  };
}

const WRITTEN_START = Buffer.from('{"success":true,"data":');
const WRITTEN_END = Buffer.from('}');

/**
 * How the answers of `schema` are written: the projection onto the schema, written by `JSON.stringify`.
 * Throws for a schema JSON Schema cannot express.
 */
export function answerWriterOf(schema: z.ZodType): Write {
  const json = toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'throw',
    cycles: 'ref',
  });
  const key = JSON.stringify(json);
  let write = serializers.get(key);
  if (!write) {
    const project = projectionOf(withNullableTypes(json) as JsonSchema);
    write = (answer) => JSON.stringify(project(answer));
    serializers.set(key, write);
  }
  return write;
}
