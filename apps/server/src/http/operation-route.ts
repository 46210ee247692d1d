import type { Envelope } from '@mandira/contract/envelope';
import type { Operation } from '@mandira/contract/operation';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { answers, fileAnswers, streamAnswers } from './answers.ts';
import type { WrittenJson } from './written-json.ts';

type Parsed<O, K extends 'params' | 'query' | 'body'> = O extends { [key in K]: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

/** The request of an operation's route, its parameters, query and body as its schemas parse them. */
export type OperationRequest<O extends Operation> = FastifyRequest<{
  Params: Parsed<O, 'params'>;
  Querystring: Parsed<O, 'query'>;
  Body: Parsed<O, 'body'>;
}>;

/** What the handler answers: the success envelope of the declared data, or the reply it sent itself. */
type HandlerAnswer<O extends Operation> = O['answer'] extends z.ZodType
  ? Envelope<z.input<O['answer']> | WrittenJson<z.input<O['answer']>>>
  : unknown;

export type OperationHandler<O extends Operation> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => Promise<HandlerAnswer<O> | FastifyReply> | HandlerAnswer<O> | FastifyReply;

/**
 * What only the server knows of a route: a body limit, a session that the request must not slide, and
 * an answer whose body is more than the error envelope (a health check's DOWN carries its states).
 */
export type RouteExtras = Pick<RouteOptions, 'bodyLimit'> & {
  slidesSession?: false;
  answers?: Record<number, { description: string; content: Record<string, { schema: z.ZodType }> }>;
};

/**
 * Registers the route of a declared operation (packages/contract/src/operations/): its path, schemas,
 * access and OpenAPI text come from the declaration, the handler from the area's routes file.
 */
export function route<O extends Operation>(
  app: FastifyInstance,
  operation: O,
  handler: OperationHandler<O>,
  extras: RouteExtras = {},
): void {
  const { slidesSession, answers: extraAnswers, ...options } = extras;
  app.route({
    ...options,
    method: typeof operation.method === 'string' ? operation.method : [...operation.method],
    url: operation.path,
    schema: {
      tags: [...operation.tags],
      summary: operation.summary,
      ...(operation.description === undefined ? {} : { description: operation.description }),
      operationId: operation.operationId,
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      ...(operation.body ? { body: operation.body } : {}),
      response: { ...answersOf(operation), ...extraAnswers },
    },
    config: { access: operation.access, ...(slidesSession === undefined ? {} : { slidesSession }) },
    handler: handler as RouteOptions['handler'],
  });
}

function answersOf(operation: Operation) {
  const { answer } = operation;
  const errors = operation.errors ?? [];
  if ('_zod' in answer) return answers(answer, ...errors);
  if (answer.kind === 'file') return fileAnswers(answer.mediaType, answer.description, ...errors);
  return streamAnswers(answer.mediaType, answer.description, answer.format, ...errors);
}
