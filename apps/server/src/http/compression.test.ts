import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountingWorld, accountingWorld } from '../../test/builders/accounting-test-data.ts';
import { buyer } from '../../test/builders/order-test-data.ts';
import { createTestApp } from '../../test/test-app.ts';
import {
  COMPRESSION_THRESHOLD_BYTES,
  registerCompression,
  SYNC_COMPRESSION_LIMIT_BYTES,
} from './compression.ts';

let w: AccountingWorld;
let admin: string;
beforeAll(async () => {
  w = await accountingWorld();
  admin = await w.t.adminToken();
});
afterAll(() => w.close());

const get = (url: string, acceptEncoding?: string, token = admin) =>
  w.t.call(token, {
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

const DECODE = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;

describe('JSON answers over 1 kB are compressed as the client accepts', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0', 'gzip'],
  ] as const)('Accept-Encoding: %s → %s, decoding to the same envelope', async (accept, expected) => {
    const plain = await get('/api/acl/privileges');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.byteLength).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const packed = await get('/api/acl/privileges', accept);
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(expected);
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(packed.headers['cache-control']).toBe('no-store');
    expect(packed.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 2);
    const decoded = JSON.parse(DECODE[expected](packed.rawPayload).toString('utf8'));
    expect(decoded).toEqual(plain.json);
    expect(decoded.success).toBe(true);
  });

  // A gzip member's header says how hard it was packed (RFC 1952, XFL): 4 is the fastest level, the
  // one every answer is given (decision 188); zlib's default level writes 0.
  it('packs a gzip answer at the fastest level', async () => {
    const packed = await get('/api/acl/privileges', 'gzip');
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.rawPayload[8]).toBe(4);
    expect(zlib.gzipSync(Buffer.from('{"success":true}'))[8]).toBe(0);
  });

  it('sends an answer under 1 kB as it is', async () => {
    const response = await get('/api/actuator/health/liveness', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.byteLength).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json.success).toBe(true);
  });

  it('sends the answer plain when the client accepts no encoding the server offers', async () => {
    const plain = await get('/api/acl/privileges', 'compress');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json.success).toBe(true);
  });

  it('leaves a PDF as it is', async () => {
    const b = await buyer(w);
    const response = await get(`/api/accounting/statement.pdf?buyerId=${b.id}`, 'br, gzip', w.finance);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.byteLength).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('a page of rows and a whole export', () => {
  /** An answer of `rows` order-like rows, as a list answers them. */
  async function answerOf(rows: number, encoding: 'br' | 'gzip') {
    const app = Fastify();
    await app.register(async (api) => {
      await registerCompression(api);
      api.get('/rows', async () => ({
        success: true,
        data: Array.from({ length: rows }, (_, id) => ({
          id,
          buyer: `Müşteri ${id % 97}`,
          total: id * 12.5,
        })),
      }));
    });
    try {
      const response = await app.inject({ url: '/rows', headers: { 'accept-encoding': encoding } });
      expect(response.headers['content-encoding']).toBe(encoding);
      const text = DECODE[encoding](response.rawPayload).toString('utf8');
      expect(JSON.parse(text).data).toHaveLength(rows);
      if (encoding === 'gzip') expect(response.rawPayload[8]).toBe(4);
      return { bytes: Buffer.byteLength(text), length: response.headers['content-length'] };
    } finally {
      await app.close();
    }
  }

  // A page is compressed in one call and goes out with its length; streaming it through the thread pool
  // would wait for the event loop once per 16 kB chunk (decision 135).
  it.each(['br', 'gzip'] as const)('compresses a page of ~100 kB in one piece (%s)', async (encoding) => {
    const { bytes, length } = await answerOf(2_000, encoding);
    expect(bytes).toBeGreaterThan(64 * 1024);
    expect(bytes).toBeLessThan(SYNC_COMPRESSION_LIMIT_BYTES);
    expect(Number(length)).toBeGreaterThan(0);
  });

  it.each(['br', 'gzip'] as const)('streams an answer past the limit (%s)', async (encoding) => {
    const { bytes, length } = await answerOf(8_000, encoding);
    expect(bytes).toBeGreaterThan(SYNC_COMPRESSION_LIMIT_BYTES);
    expect(length).toBeUndefined();
  });
});

describe('files of the web app', () => {
  it('are not compressed by the API: they are served as built', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Mandıra Portal</title>');
    const code = `console.log(${JSON.stringify('x'.repeat(4 * COMPRESSION_THRESHOLD_BYTES))});`;
    fs.writeFileSync(path.join(webDist, 'app.js'), code);
    const web = await createTestApp({ WEB_DIST: webDist });
    try {
      const response = await web.call(undefined, {
        method: 'GET',
        url: '/app.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(code);
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
