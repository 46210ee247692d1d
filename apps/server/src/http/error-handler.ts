import { type ApiError, NOT_FOUND_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from '@mandira/contract/envelope';
import { describeIssue, fieldPath } from '@mandira/contract/messages';
import { TransitionRefused } from '@mandira/contract/state-machine';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isTransactionConflict } from '../db/transaction-retry.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { replyDatabaseUnavailable, replyTransactionConflict } from './database-unavailable.ts';
import { fail } from './envelope.ts';
import { AppError, ThrottledError, UnavailableError } from './errors.ts';

const PART_LABELS: Record<string, string> = {
  body: 'İstek gövdesi',
  querystring: 'Sorgu parametresi',
  params: 'Yol parametresi',
  headers: 'Başlık',
};

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) in Turkish. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'İstek gövdesi geçerli bir JSON değil.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'İstek gövdesi boş olamaz.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Desteklenmeyen içerik türü.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'İstek gövdesi çok büyük.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'İstek gövdesinin uzunluğu hatalı.',
  FST_ERR_VALIDATION: 'İstek doğrulanamadı.',
};

type ValidationEntry = {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
};

/** The message and the field of a failed validation: its first issue, as a form shows one at a time. */
function validationError(entries: ValidationEntry[], part: string | undefined): ApiError {
  const first = entries[0];
  if (!first) return { message: 'Geçersiz istek.', code: 'VALIDATION' };
  const path = first.instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  const issue = {
    ...first.params,
    code: first.keyword,
    path,
    message: first.message ?? '',
  } as z.core.$ZodIssue;
  const message = describeIssue(issue, PART_LABELS[part ?? 'body'] ?? 'İstek gövdesi');
  return path.length > 0
    ? { message, code: 'VALIDATION', field: fieldPath(path) }
    : { message, code: 'VALIDATION' };
}

/** Every answer, error or not, leaves in the envelope with a real HTTP status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const { message, code, field } = error;
      if (error instanceof UnavailableError || error instanceof ThrottledError)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(fail(field ? { message, code, field } : { message, code }));
    }
    // A state machine refused the step (docs/architecture.md#conventions): the services let it through.
    if (error instanceof TransitionRefused) {
      return reply.status(409).send(fail({ message: error.message, code: error.code }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const answer = validationError(error.validation as ValidationEntry[], error.validationContext);
      return reply.status(400).send(fail(answer));
    }
    if (isDatabaseUnreachable(error)) return replyDatabaseUnavailable(reply);
    if (isTransactionConflict(error)) {
      request.log.warn({ err: error }, 'transaction conflict after its retries');
      return replyTransactionConflict(reply);
    }
    const status = error.statusCode ?? 500;
    // A folder of the web app ('/assets/') is refused by the file server; to a client it is not there.
    if (status === 403 || status === 404) {
      return reply.status(404).send(fail({ message: NOT_FOUND_MESSAGE, code: 'NOT_FOUND' }));
    }
    if (status >= 400 && status < 500) {
      const message = FASTIFY_MESSAGES[error.code] ?? 'Geçersiz istek.';
      return reply.status(status).send(fail({ message, code: status === 429 ? 'THROTTLED' : 'VALIDATION' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail({ message: UNEXPECTED_ERROR_MESSAGE, code: 'INTERNAL' }));
  });
}
