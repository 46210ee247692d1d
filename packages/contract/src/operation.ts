import type { z } from 'zod';
import type { Access } from './roles.ts';

/**
 * One API operation, declared once: the server registers its route from it and the web calls it
 * through it, so a path, an input or an answer is written in one place and a change to it fails the
 * typecheck of both sides (docs/decisions/0180-each-operation-declared-once.md). The declarations live
 * in `operations/<area>.ts`, one exported constant per operation, named by its `operationId`.
 */
export type Operation = {
  /** The name integrators call it by in the OpenAPI document, and the web's query keys. */
  operationId: string;
  /** Several where the route answers each alike (the stock calls take POST and PUT): callers use the first. */
  method: HttpMethod | readonly [HttpMethod, ...HttpMethod[]];
  /** The path under `/api`, with `:name` for each path parameter. */
  path: `/${string}`;
  /** The OpenAPI section it is listed under (Turkish, as the screens name the area). */
  tags: readonly string[];
  /** A line in Turkish, for the OpenAPI document. */
  summary: string;
  /** What a caller needs to know beyond the schemas, in English, for the OpenAPI document. */
  description?: string;
  /** Who may call it: a privilege, several (any one of them opens it), any signed-in user, or 'PUBLIC'. */
  access: Access | readonly Access[] | 'PUBLIC';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The data of a successful answer, or a file or a stream for an answer that is not JSON. */
  answer: z.ZodType | FileAnswer | StreamAnswer;
  /** The error statuses its own rules give; those every route shares are added where it registers. */
  errors?: readonly ErrorStatus[];
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The statuses an error answer may carry, each in the error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/** An answer that is a file (a PDF), not JSON. */
export type FileAnswer = { kind: 'file'; mediaType: string; description: string };
/** An answer that is a stream of text that stays open (server-sent events). */
export type StreamAnswer = { kind: 'stream'; mediaType: string; description: string; format: string };

/** Declares an operation, keeping its literal types (path, schemas) for both sides to derive from. */
export function operation<const O extends Operation>(declared: O): O {
  return declared;
}

type Schema<O, K extends 'params' | 'query' | 'body'> = O extends { [key in K]: infer S extends z.ZodType }
  ? S
  : never;

/**
 * What a caller sends: the path parameters, the query and the body the operation declares, each as the
 * value it means (a number for an id); `{}` for one that takes none.
 */
export type OperationInput<O extends Operation> = ([Schema<O, 'params'>] extends [never]
  ? unknown
  : { params: z.output<Schema<O, 'params'>> }) &
  ([Schema<O, 'query'>] extends [never] ? unknown : QueryInput<z.output<Schema<O, 'query'>>>) &
  ([Schema<O, 'body'>] extends [never] ? unknown : { body: z.input<Schema<O, 'body'>> });

/** The body a caller sends, for a form or a mutation that holds it before the call. */
export type OperationBody<O extends Operation> = z.input<Schema<O, 'body'>>;

/** A query whose every field is optional may be left out. */
type QueryInput<Q> = Partial<Q> extends Q ? { query?: Q } : { query: Q };

/** The data of a successful answer, as the caller reads it; a file's bytes for a file. */
export type OperationAnswer<O extends Operation> = O['answer'] extends z.ZodType
  ? z.output<O['answer']>
  : Blob;

/** The method a caller sends. */
export function methodOf(operation: Operation): HttpMethod {
  return typeof operation.method === 'string' ? operation.method : operation.method[0];
}

/** The path of a call: each `:name` replaced by its parameter, escaped. */
export function pathOf(operation: Operation, params?: Record<string, unknown>): string {
  return operation.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) {
      throw new Error(`${operation.operationId}: path parameter ${name} is missing`);
    }
    return encodeURIComponent(String(value));
  });
}
