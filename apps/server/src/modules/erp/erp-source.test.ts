import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { fetchErpCollection } from './erp-source.ts';
import { startFakeErp } from './fake-erp.ts';

const Buyer = z.object({ code: z.string(), title: z.string() });
const buyers = [{ code: 'M-1', title: 'Ege Gıda' }];

let erp: Awaited<ReturnType<typeof startFakeErp>>;
let dir: string;
beforeAll(async () => {
  erp = await startFakeErp({ buyers });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-'));
});
afterAll(async () => {
  await erp.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  erp.state.mode = 'json';
  erp.state.document = { buyers };
});

const read = (source: string | undefined, timeoutMs = 500) =>
  fetchErpCollection({ source, timeoutMs }, 'buyers', Buyer);

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('fetchErpCollection', () => {
  it('reads a named collection from an http source', async () => {
    expect(await read(erp.url)).toEqual(buyers);
  });

  it('substitutes {collection} in the URL and accepts a bare list there', async () => {
    erp.state.document = buyers;
    expect(await read(`${erp.url}/{collection}`)).toEqual(buyers);
  });

  it('reads a file given as a path or a file: URL', async () => {
    const file = path.join(dir, 'erp.json');
    fs.writeFileSync(file, JSON.stringify({ buyers }));
    expect(await read(file)).toEqual(buyers);
    expect(await read(pathToFileURL(file).href)).toEqual(buyers);
  });

  it('answers 422 when no source is configured', async () => {
    const error = await failure(read(undefined));
    expect(error.status).toBe(422);
    expect(error.message).toContain('ERP_SOURCE');
  });

  it('answers 502 when the source refuses the connection', async () => {
    const closed = await startFakeErp();
    await closed.close();
    const error = await failure(read(closed.url));
    expect(error.status).toBe(502);
    expect(error.message).toBe(`ERP kaynağına ulaşılamadı (${new URL(closed.url).host}).`);
  });

  it('answers 502 when the source does not answer in time', async () => {
    erp.state.mode = 'slow';
    const started = Date.now();
    const error = await failure(read(erp.url, 300));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error.message).toMatch(/0,3 saniye içinde yanıt vermedi/);
  });

  it('answers 502 for garbage, a missing collection and a wrongly shaped record', async () => {
    erp.state.mode = 'garbage';
    expect((await failure(read(erp.url))).message).toBe(
      'ERP kaynağından gelen yanıt geçerli bir JSON değil.',
    );
    erp.state.mode = 'json';
    erp.state.document = { productItems: [] };
    expect((await failure(read(erp.url))).message).toContain("'buyers' listesi bulunamadı");
    erp.state.document = { buyers: [{ code: 'M-2' }] };
    expect((await failure(read(erp.url))).message).toContain("'buyers[0].title' kaydı");
  });

  it('answers 502 for a missing file without revealing its directory', async () => {
    const error = await failure(read(path.join(dir, 'yok.json')));
    expect(error.status).toBe(502);
    expect(error.message).toBe('ERP kaynak dosyası okunamadı (yok.json).');
  });

  it('keeps credentials of the source URL out of the message', async () => {
    erp.state.mode = 'error';
    const withCredentials = erp.url.replace('http://', 'http://kullanici:gizli@');
    const error = await failure(read(withCredentials));
    expect(error.message).not.toContain('gizli');
  });
});
