import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app.ts';
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

  it('refuses half of a surrogate pair in a text with 400 on its field, and stores nothing', async () => {
    const before = await countRows(t, 'users');
    const response = await t.call(await t.adminToken(), {
      method: 'POST',
      url: '/api/user-access',
      headers: { 'content-type': 'application/json' },
      // Written as JSON escapes, as a client would send it: JSON.stringify keeps a lone surrogate escaped.
      payload: '{"userName":"vekil","name":"a\\ud800b","password":"test-sifre-123"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toEqual({
      message: 'Ad izin verilmeyen bir karakter (eşi olmayan UTF-16 vekili) içeriyor.',
      code: 'VALIDATION',
      field: 'name',
    });
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('keeps a whole surrogate pair (an emoji) as it was sent', async () => {
    const response = await t.call(await t.adminToken(), {
      method: 'POST',
      url: '/api/user-access',
      payload: { userName: 'emoji', name: 'Süt 🥛', password: 'test-sifre-123' },
    });
    expect(response.statusCode).toBe(200);
    const users = (await t.call(await t.adminToken(), { method: 'GET', url: '/api/user-access' })).json.data;
    expect(users.find((user: { userName: string }) => user.userName === 'emoji').name).toBe('Süt 🥛');
  });

  it('refuses a body whose bytes are not UTF-8 with 400, instead of storing U+FFFD', async () => {
    const before = await countRows(t, 'users');
    const response = await t.call(await t.adminToken(), {
      method: 'POST',
      url: '/api/user-access',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"userName":"bayt","name":"a'),
        Buffer.from([0xed, 0xa0, 0x80, 0xff]),
        Buffer.from('b","password":"test-sifre-123"}'),
      ]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json).toEqual({
      success: false,
      error: { message: 'İstek gövdesi geçerli UTF-8 metni değil.', code: 'VALIDATION' },
    });
    expect(await countRows(t, 'users')).toBe(before);
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
