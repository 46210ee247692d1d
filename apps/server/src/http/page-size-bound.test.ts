import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { renderApiDocument } from '../start/api-document.ts';

type Parameter = { name: string; in: string; required?: boolean; schema: { type?: string; enum?: string[] } };
type Document = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

/** A value the schema takes, for the parameters a call needs beside `size`. */
const sample = ({ schema }: Parameter) => schema.enum?.[0] ?? (schema.type === 'integer' ? '1' : 'x');

/** Decision 149: no list answers a page of any size asked; every `size` has its maximum. */
describe('every paged list', async () => {
  const document = JSON.parse(await renderApiDocument()) as Document;
  const paged = Object.entries(document.paths).flatMap(([path, methods]) => {
    const parameters = methods.get?.parameters ?? [];
    return parameters.some((one) => one.name === 'size' && one.in === 'query') ? [{ path, parameters }] : [];
  });

  it('is found in the API document', () => {
    expect(paged.map(({ path }) => path)).toEqual(
      expect.arrayContaining([
        '/production/milk-delivery/deliveries',
        '/product-item/stock-history',
        '/audit',
      ]),
    );
  });

  it('refuses a page size over its maximum with 400 on size', async () => {
    for (const { path, parameters } of paged) {
      const needed = parameters.filter((one) => one.required && one.in === 'query');
      const query = new URLSearchParams([
        ...needed.map((one) => [one.name, sample(one)]),
        ['size', '100000'],
      ]);
      const response = await t.call(token, { method: 'GET', url: `/api${path}?${query}` });
      expect(response.statusCode, path).toBe(400);
      expect(response.json.error.field, path).toBe('size');
    }
    const body = await t.call(token, {
      method: 'POST',
      url: '/api/orders/filter-by-query',
      payload: { page: 1, size: 100_000 },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json.error.field).toBe('size');
  });
});
