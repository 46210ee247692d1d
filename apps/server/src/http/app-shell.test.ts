import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { roles, users } from '../db/schema.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Mandıra Portal</title>');
  fs.writeFileSync(path.join(webDist, 'app.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/portal-giris', '/musteri-finans-yonetimi?buyerId=3', '/user-management'])(
    'answers %s with the app (SPA fallback)',
    async (url) => {
      const response = await t.call(undefined, { method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('Mandıra Portal');
    },
  );

  it('serves built files as they are', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('serves a file built after the start, and answers a missing asset with 404, not the page', async () => {
    fs.writeFileSync(path.join(webDist, 'later.js'), 'console.log(2)');
    expect((await t.call(undefined, { method: 'GET', url: '/later.js' })).body).toBe('console.log(2)');
    const missing = await t.call(undefined, { method: 'GET', url: '/assets/eski-abc123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/text\/html/);
  });

  it.each([
    '/api/product-item/%FF',
    '/api/product-item?warehouseName=%ED%A0%80',
    '/%FF',
    '/portal-giris?a=%',
  ])('answers %s, which does not decode, with 400 in the envelope and never the app', async (url) => {
    const response = await t.call(undefined, { method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.code).toBe('VALIDATION');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('never answers an unknown API path with the app', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/api/olmayan-yol' });
    expect(response.statusCode).toBe(404);
    expect(response.json.success).toBe(false);
  });

  it.each(['/assets/', '/assets', '/assets/eski.js'])(
    'answers %s (no such file) with 404 in the envelope',
    async (url) => {
      fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
      const response = await t.call(undefined, { method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json).toEqual({
        success: false,
        error: { message: 'İstenen kaynak bulunamadı.', code: 'NOT_FOUND' },
      });
    },
  );

  it('keeps API answers out of every cache, and leaves the app to its own rules', async () => {
    const admin = await t.adminToken();
    const users = await t.call(admin, { method: 'GET', url: '/api/user-access' });
    expect(users.headers['cache-control']).toBe('no-store');
    const refused = await t.call(undefined, { method: 'GET', url: '/api/user-access' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const page = await t.call(undefined, { method: 'GET', url: '/portal-giris' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });

  it('sends HSTS only on answers that came over HTTPS', async () => {
    const plain = await t.call(undefined, { method: 'GET', url: '/api/actuator/info' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ WEB_DIST: webDist, TRUST_PROXY: 'true' });
    try {
      const secure = await proxied.call(undefined, {
        method: 'GET',
        url: '/api/actuator/info',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });

  it('answers a URL longer than the server reads with 431 in the Turkish envelope', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/product-item?packagingGroup=${'x'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({
      success: false,
      error: { message: 'İstek adresi veya başlıkları çok uzun.', code: 'VALIDATION' },
    });
  });

  it('sends security headers', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/api/actuator/info' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('serving the built files compressed and cached', () => {
  const code = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `satır ${i}`))};`;
  beforeAll(() => {
    const assets = path.join(webDist, 'assets');
    fs.mkdirSync(assets, { recursive: true });
    const file = path.join(assets, 'index-Bx7a9Qz1.js');
    fs.writeFileSync(file, code);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(code));
    fs.writeFileSync(`${file}.gz`, gzipSync(code));
  });
  const get = (url: string, encoding?: string) =>
    t.call(undefined, { method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, else the file', async () => {
    const br = await get('/assets/index-Bx7a9Qz1.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(code);

    const gz = await get('/assets/index-Bx7a9Qz1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(code);

    const plain = await get('/assets/index-Bx7a9Qz1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
  });

  it('lets the browser keep hashed assets for a year, and makes it ask again for the page', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const asset = await get('/assets/index-Bx7a9Qz1.js', encoding);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/index.html', '/siparisler', '/portal-giris?geri=%2Fsiparisler']) {
      const page = await get(url, 'gzip, br');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/app.js')).headers['cache-control']).toBe('no-cache');
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI description with the access paths', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json.paths)).toEqual(
      expect.arrayContaining(['/user-access/sign-in', '/user-access', '/acl/roles']),
    );
  });

  it('serves the OpenAPI UI', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/swagger/i);
  });
});

describe('bad input', () => {
  const countRows = async () => ({
    users: (await t.db.select({ n: count() }).from(users))[0]!.n,
    roles: (await t.db.select({ n: count() }).from(roles))[0]!.n,
  });

  it('never answers 500 nor writes on arbitrary bodies to the write endpoints', async () => {
    const admin = await t.adminToken();
    const before = await countRows();
    const targets = [
      ['POST', '/api/user-access'],
      ['PUT', '/api/user-access'],
      ['POST', '/api/acl/roles'],
      ['PUT', '/api/acl/roles'],
    ] as const;
    // Bodies that are never valid: wrong-typed fields or junk, so nothing may be written.
    const junk = fc.oneof(
      fc.anything(),
      fc.record({
        userName: fc.oneof(fc.integer(), fc.constant(null), fc.constant('')),
        roles: fc.anything(),
      }),
      fc.record({ id: fc.oneof(fc.string(), fc.constant(-1)), key: fc.integer(), privileges: fc.anything() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), junk, async ([method, url], body) => {
        const response = await t.call(admin, {
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json.success).toBe(false);
        expect(typeof response.json.error.message).toBe('string');
      }),
      { numRuns: 150 },
    );
    expect(await countRows()).toEqual(before);
  });
});
