import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeIssue, fieldPath } from '@mandira/contract/messages';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';

/**
 * The connector to the external ERP (docs/domain/erp-sync.md): reads one named collection (`productItems`,
 * `buyers`, …) from ERP_SOURCE, an http(s) URL answering JSON or a path to a JSON file, and checks every
 * record against the caller's schema. The shape is documented in docs/erp-sync.md.
 */
export type ErpSettings = { source: string | undefined; timeoutMs: number };

/** A source document larger than this is refused rather than read into memory. */
const MAX_BYTES = 50 * 1024 * 1024;
const COLLECTION_PLACEHOLDER = '{collection}';

const unreachable = (message: string) => new AppError('EXTERNAL_SOURCE', message);

export async function fetchErpCollection<T extends z.ZodType>(
  settings: ErpSettings,
  collection: string,
  record: T,
): Promise<z.output<T>[]> {
  const source = settings.source?.trim();
  if (!source) {
    throw new AppError(
      'BUSINESS_RULE',
      'ERP bağlantısı yapılandırılmamış: sunucuda ERP_SOURCE (adres veya dosya yolu) tanımlanmalıdır.',
    );
  }
  const perCollection = source.includes(COLLECTION_PLACEHOLDER);
  const location = source.replaceAll(COLLECTION_PLACEHOLDER, encodeURIComponent(collection));
  const text = /^https?:\/\//i.test(location)
    ? await readUrl(location, settings.timeoutMs)
    : await readFile(location);
  const list = collectionOf(parseJson(text), collection, perCollection);
  const parsed = z.array(record).safeParse(list);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw unreachable(
      `ERP kaynağından gelen veri beklenen biçimde değil: '${fieldPath([collection, ...issue.path])}' kaydı, ${describeIssue(issue)}`,
    );
  }
  return parsed.data;
}

async function readUrl(url: string, timeoutMs: number): Promise<string> {
  const host = safeHost(url);
  let response: Response;
  try {
    // The signal bounds the body read too, so a source that stalls mid-answer also times out.
    const signal = AbortSignal.timeout(timeoutMs);
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) {
      await response.body?.cancel();
      throw unreachable(`ERP kaynağı hata döndürdü (${host}, HTTP ${response.status}).`);
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_BYTES) throw tooLarge();
    const text = await response.text();
    if (text.length > MAX_BYTES) throw tooLarge();
    return text;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw unreachable(`ERP kaynağı ${formatSeconds(timeoutMs)} saniye içinde yanıt vermedi (${host}).`);
    }
    throw unreachable(`ERP kaynağına ulaşılamadı (${host}).`);
  }
}

async function readFile(location: string): Promise<string> {
  const file = location.startsWith('file:') ? fileURLToPath(location) : path.resolve(location);
  try {
    const stat = await fs.stat(file);
    if (stat.size > MAX_BYTES) throw tooLarge();
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreachable(`ERP kaynak dosyası okunamadı (${path.basename(file)}).`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw unreachable('ERP kaynağından gelen yanıt geçerli bir JSON değil.');
  }
}

/** `{ "<collection>": [...] }`; a per-collection URL may also answer the bare list. */
function collectionOf(document: unknown, collection: string, perCollection: boolean): unknown[] {
  if (perCollection && Array.isArray(document)) return document;
  const list =
    document && typeof document === 'object' ? (document as Record<string, unknown>)[collection] : undefined;
  if (!Array.isArray(list)) {
    throw unreachable(`ERP kaynağının yanıtında '${collection}' listesi bulunamadı.`);
  }
  return list;
}

function tooLarge(): AppError {
  return unreachable(`ERP kaynağının yanıtı çok büyük (en fazla ${MAX_BYTES / 1024 / 1024} MB).`);
}

/** Only the host: a URL may carry credentials that must not reach a screen. */
function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'geçersiz adres';
  }
}

function formatSeconds(ms: number): string {
  return (ms / 1000).toLocaleString('tr-TR', { maximumFractionDigits: 1 });
}
