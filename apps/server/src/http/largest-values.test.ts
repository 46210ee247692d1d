import type { Envelope } from '@mandira/contract/envelope';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyWith,
  type Endpoint,
  endpointsOf,
  fieldPaths,
  type JsonSchema,
  type OpenApi,
  requestText,
  schemaAt,
  validValue,
} from '../../test/bad-requests.ts';
import { createBuyer } from '../../test/builders/buyer-test-data.ts';
import { createItem } from '../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../db/client.ts';
import { applyStockChanges } from '../modules/stock/stock-movement.service.ts';

/**
 * Beside bad-input.test.ts: values each field accepts, at its largest, sent again and again so that what
 * the server sums of them grows (decision 94). Every answer is the envelope with a status below 500:
 * a sum answered whole, or a 4xx naming the bound. Record 1 exists where a request names it, and starts
 * at the bounds: item 1 holds 2³¹ − 1 pieces in every warehouse, product 1 is one piece of it in boxes of
 * 30,000 (the largest basket add is 3 × 10⁹ pieces), buyer 1 may order it.
 */
const MAX = 2_147_483_647;
const SYSTEM = { userId: 0, userName: 'test', roles: [], privileges: new Set<never>(), isSuperAdmin: true };
let t: TestApp;
let admin: string;
let endpoints: Endpoint[];
const PRODUCT = {
  id: 1,
  name: 'Sınırda Ürün',
  price: 10_000,
  quantityInsideBox: 30_000,
  productItemIds: [1],
};

/** Item 1 full in every warehouse and product 1 as above, again: an earlier operation may have changed them. */
async function atTheBounds() {
  const lines = await rowsOf<{ id: number }>(t.db, sql`select id from stock_lines where product_item_id = 1`);
  const full = (line: { id: number }) =>
    ({ stockLineId: line.id, kind: 'set', quantity: MAX, action: 'STOCK_COUNT', notes: '' }) as const;
  await applyStockChanges(t.db, lines.map(full), { actor: SYSTEM });
  await t.call(admin, { method: 'PUT', url: '/api/products', payload: PRODUCT });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const item = await createItem(t, admin);
  const { id, ...fields } = PRODUCT;
  const product = await t.call(admin, { method: 'POST', url: '/api/products', payload: fields });
  expect([item.id, product.json.data?.id, (await createBuyer(t, admin)).id]).toEqual([1, 1, 1]);
  const doc = (await t.call(undefined, { method: 'GET', url: '/api/docs/json' })).json as OpenApi;
  endpoints = endpointsOf(doc);
});
afterAll(() => t.close());

/** How often each largest value is sent: enough to pass 2³¹ where a field's maximum is 10⁹. */
const REPEATS = 3;

/** Bodies that are valid but for one number field, set to the largest value it accepts. */
function largestBodies(body: JsonSchema): string[] {
  return fieldPaths(body).flatMap((path) => {
    const field = schemaAt(body, path);
    const number = [field, ...(field.anyOf ?? [])].find(
      (one) => (one.type === 'integer' || one.type === 'number') && one.maximum !== undefined,
    );
    return number ? [requestText(bodyWith(body, path, number.maximum))] : [];
  });
}

const concrete = (path: string) => path.replace(/\{\w+\}/g, '1');

describe('the largest value of every number field, again and again, on every documented operation', () => {
  it('never answers 500: sums are answered whole or refused with a reason', async () => {
    const failures: string[] = [];
    let sent = 0;
    const check = async (method: string, url: string, payload?: string) => {
      const response = await t.call(admin, {
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
      });
      sent++;
      // Documents (PDF, Excel) answer their bytes; every JSON answer is the envelope.
      const json = String(response.headers['content-type']).includes('json');
      const answer = (json ? response.json : { success: true }) as Envelope<unknown>;
      if (response.statusCode >= 500 || typeof answer?.success !== 'boolean') {
        failures.push(
          `${method} ${url} ${payload?.slice(0, 160) ?? ''}: ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    };
    for (const endpoint of endpoints.filter((one) => one.body)) {
      const url = `/api${concrete(endpoint.path)}`;
      await atTheBounds();
      for (const payload of largestBodies(endpoint.body!)) {
        for (let repeat = 0; repeat < REPEATS; repeat++) await check(endpoint.method, url, payload);
      }
    }
    await atTheBounds();
    // Then every read that needs no more than a record id shows what the writes left.
    // The live event stream never ends by itself; events.test.ts reads it over a real connection.
    for (const endpoint of endpoints.filter((one) => one.method === 'GET' && !one.streams)) {
      const required = endpoint.query.filter((parameter) => parameter.required);
      const query = required
        .map(
          (parameter) =>
            `${parameter.name}=${encodeURIComponent(String(validValue(parameter.schema, parameter.name)))}`,
        )
        .join('&');
      await check('GET', `/api${concrete(endpoint.path)}${query ? `?${query}` : ''}`);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(200);
  }, 240_000);
});
