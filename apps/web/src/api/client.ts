import type { ApiError, Envelope } from '@mandira/contract/envelope';
import { type DataSchema, normaliseAnswer, unexpected } from './normalise-answer.ts';
import { endSession, getAuthToken } from './session-store.ts';

export const API_BASE = '/api';
const AUTH_HEADER = 'auth-token';
/** What the API expects when the browser holds no token (spec §6). */
const NO_TOKEN = 'nope';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<T> = {
  /** Checks the data's shape; a mismatch becomes the generic error instead of a crash later. */
  schema?: DataSchema<T>;
  /** Sign-in answers 401 for a wrong password; that must not bounce the user to the sign-in page. */
  redirectOnUnauthorized?: boolean;
  signal?: AbortSignal;
};

/** A failed answer as an exception, for TanStack Query, which expects failures to throw. */
export class ApiRequestError extends Error {
  readonly code: string;
  /** The request field a validation error concerns, when the server names one. */
  readonly field: string | undefined;
  constructor(error: ApiError) {
    super(error.message);
    this.name = 'ApiRequestError';
    this.code = error.code;
    this.field = error.field;
  }
}

let onUnauthorized: () => void = () => {};

/** The app installs this once: the client cannot navigate by itself. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export async function request<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions<T> = {},
): Promise<Envelope<T>> {
  const headers = authHeaders('application/json');
  // Fastify refuses a JSON content type with an empty body, so it is sent only with a body.
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled query is not a failure to report; TanStack Query expects the abort to propagate.
    if (options.signal?.aborted) throw error;
    return unexpected('NETWORK_ERROR');
  }
  if (response.status === 401 && options.redirectOnUnauthorized !== false) signedOut();
  return normaliseAnswer(response.ok, await readJson(response), options.schema);
}

function authHeaders(accept: string): Record<string, string> {
  return { [AUTH_HEADER]: getAuthToken() ?? NO_TOKEN, accept };
}

function signedOut(): void {
  endSession();
  onUnauthorized();
}

/**
 * A file the API makes (a PDF: an account statement, a dispatch note), with the session's token like
 * every other call, so it cannot be a plain link: its bytes, or an ApiRequestError carrying the
 * server's Turkish message.
 */
export async function getFile(path: string, accept = 'application/pdf'): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: authHeaders(accept) });
  } catch {
    throw new ApiRequestError(unexpected('NETWORK_ERROR').error);
  }
  if (response.status === 401) signedOut();
  if (!response.ok) {
    const answer = normaliseAnswer(false, await readJson(response));
    throw new ApiRequestError(answer.success ? unexpected().error : answer.error);
  }
  return response.blob();
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function get<T>(path: string, options?: RequestOptions<T>): Promise<Envelope<T>> {
  return request<T>('GET', path, undefined, options);
}

export function post<T>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<Envelope<T>> {
  return request<T>('POST', path, body, options);
}

export function put<T>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<Envelope<T>> {
  return request<T>('PUT', path, body, options);
}

export function patch<T>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<Envelope<T>> {
  return request<T>('PATCH', path, body, options);
}

/** Spec §4: a body with an id updates the record (PUT), one without creates it (POST). */
export function createOrUpdate<TBody extends object, TResult>(path: string) {
  return (body: TBody) => ('id' in body && body.id ? put<TResult>(path, body) : post<TResult>(path, body));
}

/** The data of a successful answer, or an ApiRequestError carrying the Turkish message. */
export async function unwrap<T>(answer: Promise<Envelope<T>> | Envelope<T>): Promise<T> {
  const result = await answer;
  if (!result.success) throw new ApiRequestError(result.error);
  return result.data;
}

/** Builds a query string, leaving out empty values: `queryString({ a: 1, b: "" })` → `?a=1`. */
export function queryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
