import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { exceedsDepth } from './json-body.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** 200 KB, within the body limit: only the order of the checks keeps it from being read. */
const deeplyNested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

describe('request bodies', () => {
  it('answers a deeply nested body without a token with 401, before reading it', async () => {
    const post = () =>
      t.call(undefined, {
        method: 'POST',
        url: '/api/product-item',
        headers: { 'content-type': 'application/json' },
        payload: deeplyNested,
      });
    await post();
    const elapsed: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const response = await post();
      elapsed.push(performance.now() - started);
      expect(response.statusCode).toBe(401);
      expect(response.json.error.code).toBe('UNAUTHENTICATED');
    }
    // Parsing it took 240-380 ms of CPU; refusing the token takes a few.
    expect(Math.min(...elapsed)).toBeLessThan(60);
  });

  it('refuses nesting deeper than any request needs with 400, signed in', async () => {
    const response = await t.call(await t.adminToken(), {
      method: 'POST',
      url: '/api/product-item',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json).toEqual({
      success: false,
      error: { message: 'İstek gövdesi çok derin iç içe geçmiş.', code: 'VALIDATION' },
    });
  });

  it('refuses a body over the default limit with 413 in the envelope', async () => {
    const response = await t.call(await t.adminToken(), {
      method: 'POST',
      url: '/api/product-item',
      payload: { name: 'x'.repeat(300 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json.error).toEqual({ message: 'İstek gövdesi çok büyük.', code: 'VALIDATION' });
  });

  it('keeps prototype poisoning out', async () => {
    const response = await t.call(await t.adminToken(), {
      method: 'POST',
      url: '/api/product-item',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.success).toBe(false);
  });
});

describe('exceedsDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(exceedsDepth('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(exceedsDepth('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(exceedsDepth('{"a":"[[[[[[\\"[[[["}', 1)).toBe(false);
  });
});
