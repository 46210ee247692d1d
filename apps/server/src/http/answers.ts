import { ErrorEnvelope, envelopeOf } from '@mandira/contract/envelope';
import type { ErrorStatus } from '@mandira/contract/operation';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';

/** What each error status means to a caller; every one is answered in the error envelope. */
export const ERROR_ANSWERS = {
  400: 'A field, parameter or body that the schema refuses (VALIDATION), or a step the data refuses.',
  401: 'No valid `auth-token` header: sign in again (UNAUTHENTICATED).',
  403: "The signed-in user's roles do not grant this operation (FORBIDDEN).",
  404: 'The record named by the path or body does not exist (NOT_FOUND).',
  409: 'The record changed underneath or a state machine refused the step (CONFLICT, DUPLICATE, INVALID_TRANSITION, INSUFFICIENT_STOCK).',
  413: 'The body is larger than the operation accepts (VALIDATION).',
  415: 'The body is not `application/json` (VALIDATION).',
  422: 'A business rule refuses the request; nothing was written (BUSINESS_RULE).',
  429: 'Too many failed attempts; wait and try again (THROTTLED).',
  500: 'An unexpected error; nothing was written (INTERNAL).',
  502: 'The ERP did not answer or answered what cannot be read (EXTERNAL_SOURCE).',
  503: 'The database or the document workers are not available now, a concurrent change still conflicted after retries, or the user already has as many wide reads (long lists, statements) waiting as allowed; nothing was written; see `Retry-After` (UNAVAILABLE).',
} as const satisfies Record<ErrorStatus, string>;
export type { ErrorStatus };

type Answers = Record<
  number,
  z.ZodType | { description: string; content: Record<string, { schema: z.ZodType }> }
>;

/**
 * A route's declared answers: its data in the success envelope, and the error statuses its own rules
 * give (404, 409, 422…). The statuses every route shares (401/403 behind the guard, 400 for a request
 * schema, 413/415 for a body, 500, 503) are added by `declareCommonAnswers` when the route registers.
 */
export function answers<T extends z.ZodType>(data: T, ...errors: ErrorStatus[]) {
  const declared: { 200: ReturnType<typeof envelopeOf<T>> } & Answers = {
    200: envelopeOf(data).describe('Done: the answer is in `data`.'),
  };
  for (const status of errors) declared[status] = errorAnswer(status);
  return declared;
}

/** A file download (a PDF), and the error statuses its own rules give. */
export function fileAnswers(mediaType: string, description: string, ...errors: ErrorStatus[]) {
  const declared: Answers = {
    200: { description, content: { [mediaType]: { schema: BINARY } } },
  };
  for (const status of errors) declared[status] = errorAnswer(status);
  return declared;
}

const BINARY = z.string().meta({ format: 'binary' });

/** A stream of text (server-sent events) that stays open, described by its format, and its errors. */
export function streamAnswers(
  mediaType: string,
  description: string,
  format: string,
  ...errors: ErrorStatus[]
) {
  const declared: Answers = {
    200: { description, content: { [mediaType]: { schema: z.string().describe(format) } } },
  };
  for (const status of errors) declared[status] = errorAnswer(status);
  return declared;
}

/** The header a write may carry so that sending it again writes nothing again (decision 159). */
const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .max(255, 'En fazla 255 karakter girilebilir.')
    .optional()
    .describe(
      'A key of your choosing (1–255 printable ASCII characters, e.g. a UUID), new for each write: the same write sent again with the same key and body gets the first answer and writes nothing again, for 24 hours; with another body it is 422.',
    ),
});

/** An error status, described, answering the one shared error envelope. */
export function errorAnswer(status: ErrorStatus) {
  return { description: ERROR_ANSWERS[status], content: { 'application/json': { schema: ErrorEnvelope } } };
}

/**
 * Adds to every declared route the error answers all routes share: 401 and 403 behind the guard, 400
 * where a request schema can refuse, 413 and 415 where a body is read, 500 and 503 everywhere.
 */
export function declareCommonAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const declared = route.schema as FastifySchema | undefined;
    if (!declared?.response) return;
    // Routes may share one schema object: each gets its own copy, so one route's statuses stay its own.
    const response = { ...(declared.response as Answers) };
    const schema = { ...declared, response };
    route.schema = schema;
    const add = (status: ErrorStatus) => {
      if (!(status in response)) response[status] = errorAnswer(status);
    };
    if ((route.config as { access?: unknown } | undefined)?.access !== 'PUBLIC') {
      add(401);
      add(403);
      // A write of a signed-in user takes an Idempotency-Key (decision 159): the same key with another
      // body is 422, one whose first request still runs is 409.
      const methods = [route.method].flat();
      if (methods.some((method) => method !== 'GET' && method !== 'HEAD') && !schema.headers) {
        schema.headers = IdempotencyHeaders;
        add(409);
        add(422);
      }
    }
    if (schema.body || schema.querystring || schema.params) add(400);
    if (schema.body) {
      add(413);
      add(415);
    }
    add(500);
    add(503);
  });
}
