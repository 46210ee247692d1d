import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, z } from 'zod';
import { type Projection, projectionOf } from './answer-projection.ts';
import { jsonBytes, piecesBytes } from './json-bytes.ts';
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
 * the copy (decisions 125 and 133), a row at a time into bytes (decision 186). An answer schema JSON
 * Schema cannot express is written by zod.
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

/** Projections by the JSON Schema they were compiled from: every app of a process shares them. */
const projections = new Map<string, Projection>();

function serializerOf(schema: z.ZodType, route: Parameters<typeof zodSerializerCompiler>[0]): Write {
  let project: Projection;
  try {
    project = answerProjectionOf(schema);
  } catch {
    return zodSerializerCompiler(route);
  }
  // A success envelope whose data the server wrote itself goes out as written (decision 183); any other
  // answer is written without ever being one long string, a long one as bytes (decision 186). Fastify
  // and the compression take bytes as they take a string.
  return (answer) => {
    const data = (answer as { data?: unknown } | null)?.data;
    if (data instanceof WrittenJson) {
      return piecesBytes(data.pieces, WRITTEN_START, WRITTEN_END) as unknown as string;
    }
    return jsonBytes(project(answer)) as unknown as string;
  };
}

/** The success envelope around data the server wrote itself. */
const WRITTEN_START = '{"success":true,"data":';
const WRITTEN_END = '}';

/**
 * The projection of answers onto `schema`: a copy of exactly its declared fields. Throws for a schema
 * JSON Schema cannot express.
 */
function answerProjectionOf(schema: z.ZodType): Projection {
  const json = toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'throw',
    cycles: 'ref',
  });
  const key = JSON.stringify(json);
  let project = projections.get(key);
  if (!project) {
    project = projectionOf(withNullableTypes(json) as JsonSchema);
    projections.set(key, project);
  }
  return project;
}

/**
 * How the answers of `schema` are written as text: the projection onto the schema, written by
 * `JSON.stringify`. Throws for a schema JSON Schema cannot express.
 */
export function answerWriterOf(schema: z.ZodType): Write {
  const project = answerProjectionOf(schema);
  return (answer) => JSON.stringify(project(answer));
}
