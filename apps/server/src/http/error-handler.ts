import { UNEXPECTED_ERROR_MESSAGE } from '@mandira/contract/envelope';
import { describeIssue } from '@mandira/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { replyDatabaseUnavailable } from './database-unavailable.ts';
import { fail } from './envelope.ts';
import { AppError } from './errors.ts';

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

function validationMessage(entries: ValidationEntry[], part: string | undefined): string {
  const first = entries[0];
  if (!first) return 'Geçersiz istek.';
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
  const message = describeIssue(issue);
  return path.length === 0 && part ? message.replace('İstek gövdesi', PART_LABELS[part] ?? part) : message;
}

/** Every answer, error or not, leaves in the envelope with a real HTTP status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(fail({ message: error.message, code: error.code }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = validationMessage(error.validation as ValidationEntry[], error.validationContext);
      return reply.status(400).send(fail({ message, code: 'VALIDATION' }));
    }
    if (isDatabaseUnreachable(error)) return replyDatabaseUnavailable(reply);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FASTIFY_MESSAGES[error.code] ?? 'Geçersiz istek.';
      return reply.status(status).send(fail({ message, code: status === 429 ? 'THROTTLED' : 'VALIDATION' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail({ message: UNEXPECTED_ERROR_MESSAGE, code: 'INTERNAL' }));
  });
}
