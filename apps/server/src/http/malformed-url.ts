import type { IncomingMessage } from 'node:http';
import type { ApiError } from '@mandira/contract/envelope';
import { FIELD_LABELS } from '@mandira/contract/field-labels';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';

/**
 * A URL whose %-escapes do not decode (`/api/product-item/%FF`, `?name=%ED%A0%80`, the UTF-8 bytes of
 * a lone surrogate) is refused before routing, in the envelope and with every header an API answer
 * carries; the answer never repeats the URL (decision 96).
 */
const MALFORMED = Symbol('malformed-url');
type Marked = IncomingMessage & { [MALFORMED]?: ApiError };

/**
 * Where `rewriteUrl` sends a malformed request: a path no route holds, so the not-found handler,
 * behind the same hooks as every API answer, gives the refusal.
 */
const REFUSED_PATH = '/api';

/**
 * A path parameter longer than find-my-way's default of 100 characters was answered 414 outside the
 * envelope. No route takes a regular expression, so a long parameter costs nothing to match; its
 * schema refuses it with 400 on its field. Node refuses request lines beyond 16 KB before this.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;

const UNDECODABLE = 'okunamadı: geçersiz bir yüzde (%) kodlaması içeriyor.';

function decodes(part: string): boolean {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}

/** The error of a malformed URL: the first query parameter that does not decode, or the path. */
export function malformedUrlError(url: string): ApiError | undefined {
  if (!url.includes('%')) return undefined;
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  if (!decodes(path)) return { message: `İstek adresi ${UNDECODABLE}`, code: 'VALIDATION' };
  if (mark < 0) return undefined;
  for (const pair of url.slice(mark + 1).split('&')) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? pair : pair.slice(0, equals);
    const value = equals < 0 ? '' : pair.slice(equals + 1);
    if (!decodes(key)) return { message: `Sorgu parametresi ${UNDECODABLE}`, code: 'VALIDATION' };
    if (!decodes(value)) {
      const field = decodeURIComponent(key.replaceAll('+', ' '));
      const label = FIELD_LABELS[field] ?? 'Sorgu parametresi';
      return { message: `${label} ${UNDECODABLE}`, code: 'VALIDATION', field };
    }
  }
  return undefined;
}

/** Fastify's `rewriteUrl`: a malformed URL is marked and sent where the not-found handler refuses it. */
export function rewriteMalformedUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const error = malformedUrlError(url);
  if (!error) return url;
  (req as Marked)[MALFORMED] = error;
  return REFUSED_PATH;
}

/** The refusal of a request `rewriteMalformedUrl` marked, for the not-found handler to send. */
export function malformedUrlOf(request: FastifyRequest): ApiError | undefined {
  return (request.raw as Marked)[MALFORMED];
}

/**
 * Fastify's `frameworkErrors`: what the router still cannot read (a path parameter beyond
 * MAX_PARAM_LENGTH, which only an in-process request can send) is refused in the envelope too. The
 * router answers before any hook runs, so the headers an API answer needs are set here.
 */
export function answerFrameworkError(_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  reply
    .status(400)
    .headers({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    })
    .send(fail({ message: 'İstek adresi okunamadı.', code: 'VALIDATION' }));
}
