import { FIELD_LABELS } from '@mandira/contract/field-labels';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BadRequest,
  badRequestsOf,
  type Endpoint,
  endpointsOf,
  fieldPaths,
  type OpenApi,
  randomBadRequest,
  surrogateAndUrlRequestsOf,
  takesInput,
} from '../../test/bad-requests.ts';
import { createItem } from '../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../db/client.ts';

/**
 * Issue 16: every operation the app documents, sent bad bodies, queries and path ids by the super
 * user. An endpoint added tomorrow is in the OpenAPI document, so it is covered the day it lands.
 */
let t: TestApp;
let admin: string;
let endpoints: Endpoint[];
let tables: string[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  // Record 1 exists where the valid part of a request names it: a bad filter let through on a movement
  // of stock line 1 would book it, and the row counts would show it.
  await createItem(t, admin);
  const doc = (await t.call(undefined, { method: 'GET', url: '/api/docs/json' })).json as OpenApi;
  endpoints = endpointsOf(doc).filter(takesInput);
  const listed = await rowsOf<{ table_name: string }>(
    t.db,
    sql`select table_name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  tables = listed.map((row) => row.table_name);
});
afterAll(() => t.close());

/** Rows of every table of the portal, by table. */
async function rowCounts(): Promise<Record<string, number>> {
  const counts = sql.join(
    tables.map((table) => sql`select ${table} as name, count(*)::int as rows from ${sql.identifier(table)}`),
    sql` union all `,
  );
  const rows = await rowsOf<{ name: string; rows: number }>(t.db, counts);
  return Object.fromEntries(rows.map((row) => [row.name, row.rows]));
}

/** English words a zod or Fastify message would carry, and comparison signs instead of words. */
const ENGLISH =
  /\b(expected|received|invalid|required|string|number|integer|boolean|array|object|undefined|nan|must|too (big|small))\b|[<>]=?/i;

/** A bad request sent by the super user, and how a failure names it. */
async function sent(request: BadRequest) {
  const response = await t.call(admin, {
    method: request.method as 'GET',
    url: request.url,
    ...(request.payload === undefined
      ? {}
      : { payload: request.payload, headers: { 'content-type': 'application/json' } }),
  });
  const where = `${request.method} ${request.url.slice(0, 120)} (${request.target})`;
  return { response, where };
}

async function send(request: BadRequest) {
  const { response, where } = await sent(request);
  // A body too large for its route (413) or nested too deep is refused as a whole, before any field
  // is read (decision 54): the refusal is then about the body, not one field.
  expect([400, 413], `${where}: ${response.body.slice(0, 300)}`).toContain(response.statusCode);
  expect(response.json, where).toMatchObject({
    success: false,
    error: { code: 'VALIDATION', message: expect.any(String) },
  });
  const { message, field } = response.json.error as { message: string; field?: string };
  expect(message, where).not.toMatch(ENGLISH);
  expect(message, where).toMatch(/\p{L}{3}/u);
  const aboutTheWholeBody = response.statusCode === 413 || message.startsWith('İstek gövdesi');
  if (request.target !== 'body' && !aboutTheWholeBody) expect(field, `${where}: ${message}`).toBeTruthy();
}

describe('bad input on every documented operation', () => {
  it('finds the operations that take input in the OpenAPI document', () => {
    expect(endpoints.length).toBeGreaterThan(40);
    expect(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual(
      expect.arrayContaining([
        'PUT /user-access',
        'GET /product-item/{id}',
        'POST /product-item/stock-import-bulk',
      ]),
    );
  });

  it('answers every class of bad value with 400 in Turkish, naming the field, and writes nothing', async () => {
    let sent = 0;
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      const before = await rowCounts();
      for (const request of badRequestsOf(endpoint)) {
        // Every failing request is listed at the end, not only the first.
        await send(request).catch((error: Error) => failures.push(error.message.split('\n')[0]!));
        sent++;
      }
      const random = randomBadRequest(endpoint);
      if (random) {
        await fc
          .assert(fc.asyncProperty(random, send), { numRuns: 8, seed: 1623, endOnFailure: true })
          .catch((error: Error) =>
            failures.push(
              error.message.split('\n').find((line) => line.includes('expected')) ?? error.message,
            ),
          );
        sent += 8;
      }
      expect(await rowCounts(), `${endpoint.method} ${endpoint.path} wrote rows`).toEqual(before);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 240_000);

  it('has a Turkish label for every field a request can carry', () => {
    const keys = new Set<string>();
    for (const endpoint of endpoints) {
      for (const parameter of [...endpoint.query, ...endpoint.params]) keys.add(parameter.name);
      for (const path of endpoint.body ? fieldPaths(endpoint.body) : []) {
        const last = path.at(-1);
        if (typeof last === 'string') keys.add(last);
      }
    }
    expect([...keys].filter((key) => !(key in FIELD_LABELS)).sort()).toEqual([]);
  });
});

describe('lone surrogates and malformed URLs on every documented operation', () => {
  /** The refusal is the envelope with the headers of every API answer, and does not repeat the URL. */
  async function refused(request: BadRequest) {
    const { response, where } = await sent(request);
    expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBe(400);
    expect(response.json, where).toMatchObject({
      success: false,
      error: { code: 'VALIDATION', message: expect.stringMatching(/\p{L}{3}/u) },
    });
    const { message, field } = response.json.error as { message: string; field?: string };
    expect(message, where).not.toMatch(ENGLISH);
    expect(response.headers['cache-control'], where).toBe('no-store');
    expect(response.headers['x-content-type-options'], where).toBe('nosniff');
    expect(response.headers['content-security-policy'], where).toContain("default-src 'self'");
    expect(response.body, where).not.toContain(request.url.slice(4, 40));
    const [location, name] = request.target.split(/[ =]/);
    if (location === 'body') expect(field, where).toBe(name);
    else if (location === 'query') expect(field, where).toBe(name);
    else if (!message.startsWith('İstek adresi')) expect(field, where).toBe(name);
  }

  it('answers each with 400 in the envelope, with the API headers, and writes nothing', async () => {
    let sent = 0;
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      const before = await rowCounts();
      for (const request of surrogateAndUrlRequestsOf(endpoint)) {
        await refused(request).catch((error: Error) => failures.push(error.message.split('\n')[0]!));
        sent++;
      }
      expect(await rowCounts(), `${endpoint.method} ${endpoint.path} wrote rows`).toEqual(before);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  }, 240_000);

  it.each([
    ['a byte that is no UTF-8 in the path', '/api/product-item/%FF'],
    ['a path parameter of 120 characters', `/api/product-item/${'1'.repeat(120)}`],
    ['an unknown path that does not decode', '/api/yok/%E2%82'],
    ['a web path that does not decode', '/%FF'],
    ['a path parameter longer than a request line can be', `/api/product-item/${'1'.repeat(17_000)}`],
  ])('answers %s without a token in the envelope as well', async (_label, url) => {
    const response = await t.call(undefined, { method: 'GET', url });
    expect([400, 401]).toContain(response.statusCode);
    expect(response.json.success).toBe(false);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('default-src');
    expect(response.body).not.toContain(url.replace(/^\/(api\/)?/, '').slice(0, 25));
  });
});
