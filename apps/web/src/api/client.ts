import type { ApiError, Envelope } from '@mandira/contract/envelope';
import {
  type HttpMethod,
  methodOf,
  type Operation,
  type OperationAnswer,
  type OperationBody,
  type OperationInput,
  pathOf,
} from '@mandira/contract/operation';
import { type DataSchema, normaliseAnswer, unexpected } from './normalise-answer.ts';
import { endSession, getAuthToken } from './session-store.ts';

export const API_BASE = '/api';
const AUTH_HEADER = 'auth-token';
/** What the API expects when the browser holds no token. */
const NO_TOKEN = 'nope';

export type { HttpMethod };

export type RequestOptions<T> = {
  /** Checks the data's shape; a mismatch becomes the generic error instead of a crash later. */
  schema?: DataSchema<T>;
  /** Sign-in answers 401 for a wrong password; that must not bounce the user to the sign-in page. */
  redirectOnUnauthorized?: boolean;
  /**
   * False where nothing can have been typed yet (the page access check): a 401 leads straight to the
   * sign-in page instead of asking for the password over the screen.
   */
  askToSignInAgain?: boolean;
  signal?: AbortSignal;
  /** Sees the answer's headers, where an unpaged list says how many rows matched (decision 113). */
  onHeaders?: (headers: Headers) => void;
  /** The write's Idempotency-Key when it is sent again (after signing in again); new otherwise. */
  idempotencyKey?: string;
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

/** How asking for the password again ended: the same user, someone else, or the user gave up. */
export type SignInAgainOutcome = 'same-user' | 'other-user' | 'cancelled';

let signInAgain: (() => Promise<SignInAgainOutcome>) | null = null;
/** One question for every request that met the ended session meanwhile. */
let askingAgain: Promise<SignInAgainOutcome> | null = null;
/** How the last question ended, with the token it left: a request answered 401 later goes the same way. */
let lastAnswer: { token: string | null; outcome: SignInAgainOutcome } | null = null;

/**
 * The page shell installs this while a screen is shown: a request that meets an ended session
 * (signed out in another tab, or expired) waits for the user to sign in again over the screen, so
 * nothing typed is lost, and is then sent once more (docs/decisions/0101-ended-session-asks-password-over-screen-sign.md).
 */
export function setSignInAgainHandler(handler: (() => Promise<SignInAgainOutcome>) | null): void {
  signInAgain = handler;
}

/** Whether a request is waiting for the user to sign in again (the screen must stay meanwhile). */
export function isWaitingForSignIn(): boolean {
  return askingAgain !== null;
}

/** The answer to a write that met an ended session and whose user then signed in as someone else. */
export const NOT_SAVED_OTHER_USER: ApiError = {
  code: 'SESSION_CHANGED',
  message:
    'Oturum kapandığı için bu işlem kaydedilmedi; yeniden başka bir kullanıcıyla giriş yapıldı. Bilgileri kontrol edip yeniden kaydedin.',
};

const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Waits before sending a write again whose answer was lost on the way. */
const WRITE_RETRIES = [500, 1500, 4000] as const;

function newIdempotencyKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}

async function request<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions<T> = {},
): Promise<Envelope<T>> {
  const sentToken = getAuthToken();
  const headers = authHeaders('application/json');
  // Fastify refuses a JSON content type with an empty body, so it is sent only with a body.
  if (body !== undefined) headers['content-type'] = 'application/json';
  // A write carries a key of its own, so that sending it again after a lost answer writes nothing
  // again (decision 159); a retry below, or a retry after signing in again, sends the same key.
  const write = method !== 'GET';
  if (write) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey ?? newIdempotencyKey();
  let response: Response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      });
      break;
    } catch (error) {
      // A cancelled query is not a failure to report; TanStack Query expects the abort to propagate.
      if (options.signal?.aborted) throw error;
      // Wi-Fi drops in a cold store: a write whose answer was lost is sent again with its key.
      if (!write || attempt >= WRITE_RETRIES.length) return unexpected('NETWORK_ERROR');
      await new Promise((resolve) => setTimeout(resolve, WRITE_RETRIES[attempt]));
    }
  }
  const idempotencyKey = write ? headers[IDEMPOTENCY_HEADER] : undefined;
  if (response.status === 401 && options.redirectOnUnauthorized !== false) {
    const outcome = await afterUnauthorized(sentToken, options.askToSignInAgain !== false);
    // Sent once more only: a second 401 ends the session like any other.
    if (outcome === 'same-user') {
      return request(method, path, body, { ...options, askToSignInAgain: false, idempotencyKey });
    }
    // A read is the new user's to make; a write typed for the previous one is not.
    if (outcome === 'other-user') {
      return method === 'GET'
        ? request(method, path, body, { ...options, askToSignInAgain: false })
        : { success: false, error: NOT_SAVED_OTHER_USER };
    }
  }
  options.onHeaders?.(response.headers);
  return normaliseAnswer(response.ok, await readJson(response), options.schema);
}

/** What a 401 leads to: signing in again over the screen when that can be asked, else the sign-in page. */
async function afterUnauthorized(
  sentToken: string | null,
  mayAsk: boolean,
): Promise<SignInAgainOutcome | 'signed-out'> {
  if (!mayAsk || !signInAgain) {
    signedOut();
    return 'signed-out';
  }
  // Signed in again over the screen while this request was under way: it goes as the others did.
  const current = getAuthToken();
  if (askingAgain === null && current !== null && current !== sentToken && lastAnswer?.token === current) {
    return lastAnswer.outcome;
  }
  askingAgain ??= signInAgain()
    .then((outcome) => {
      lastAnswer = { token: getAuthToken(), outcome };
      return outcome;
    })
    .finally(() => {
      askingAgain = null;
    });
  const outcome = await askingAgain;
  if (outcome === 'cancelled') {
    signedOut();
    return 'signed-out';
  }
  return outcome;
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
export function getFile(path: string, accept = 'application/pdf'): Promise<Blob> {
  return fetchFile(path, accept, false);
}

async function fetchFile(path: string, accept: string, again: boolean): Promise<Blob> {
  const sentToken = getAuthToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: authHeaders(accept) });
  } catch {
    throw new ApiRequestError(unexpected('NETWORK_ERROR').error);
  }
  // A read: fetched again once signed in again, whoever signs in.
  if (response.status === 401 && (await afterUnauthorized(sentToken, !again)) !== 'signed-out') {
    return fetchFile(path, accept, true);
  }
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

/**
 * A save of a form that both creates and updates: a body with an id goes to the `update` operation, one
 * without to `create` (neither takes path parameters).
 */
export function createOrUpdateOf<C extends Operation, U extends Operation>(create: C, update: U) {
  return (
    body: OperationBody<C> | OperationBody<U>,
  ): Promise<Envelope<OperationAnswer<C> | OperationAnswer<U>>> => {
    const operation = 'id' in (body as object) && (body as { id?: unknown }).id ? update : create;
    return request(methodOf(operation), urlOf(operation), body);
  };
}

/** The data of a successful answer, or an ApiRequestError carrying the Turkish message. */
export async function unwrap<T>(answer: Promise<Envelope<T>> | Envelope<T>): Promise<T> {
  const result = await answer;
  if (!result.success) throw new ApiRequestError(result.error);
  return result.data;
}

/**
 * Builds a query string, leaving out empty values: `queryString({ a: 1, b: "" })` → `?a=1`; a list
 * repeats its key, as the server reads it.
 */
export function queryString(params: Record<string, QueryValue | readonly QueryValue[]>): string {
  const search = new URLSearchParams();
  const add = (key: string, value: QueryValue) => {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const one of value) add(key, one);
    else add(key, value as QueryValue);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type QueryValue = string | number | boolean | null | undefined;

/** The arguments of a call: its input, left out where the operation takes none, and the request's options. */
export type CallArgs<O extends Operation> =
  object extends OperationInput<O>
    ? [input?: OperationInput<O>, options?: RequestOptions<OperationAnswer<O>>]
    : [input: OperationInput<O>, options?: RequestOptions<OperationAnswer<O>>];

type AnyInput = { params?: Record<string, unknown>; query?: object; body?: unknown };

/** The path and query of a call, under the API's base: a link or an event stream's address. */
export function urlOf<O extends Operation>(operation: O, input?: OperationInput<O>): string {
  const { params, query } = (input ?? {}) as AnyInput;
  return `${pathOf(operation, params)}${queryString((query ?? {}) as QueryValues)}`;
}

type QueryValues = Parameters<typeof queryString>[0];

/**
 * Calls a declared operation (packages/contract/src/operations/): its method and path come from the
 * declaration, and so does the type of its answer, so no path or answer type is written by hand here.
 */
export function callApi<O extends Operation>(
  operation: O,
  ...[input, options]: CallArgs<O>
): Promise<Envelope<OperationAnswer<O>>> {
  const { body } = (input ?? {}) as AnyInput;
  return request<OperationAnswer<O>>(methodOf(operation), urlOf(operation, input), body, options);
}

/** The file an operation answers (a PDF), with the session's token, as `getFile`. */
export function fileOf<O extends Operation>(operation: O, input?: OperationInput<O>): Promise<Blob> {
  const { answer } = operation;
  return getFile(urlOf(operation, input), 'mediaType' in answer ? answer.mediaType : undefined);
}
