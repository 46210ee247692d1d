import type { AccountStatement, StatementLine } from '@mandira/contract/accounting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, type OrderWorld, orderWorld } from '../../test/builders/order-test-data.ts';
import { UnavailableError } from '../http/errors.ts';
import { STATEMENT_DOCUMENT } from '../modules/accounting/statement-pdf.ts';
import { DISPATCH_NOTE_DOCUMENT } from '../modules/shipments/dispatch-note.ts';
import { drawRequested } from './documents.ts';
import { pdfPageTexts } from './pdf-text.ts';
import { RENDER_BUSY_MESSAGE, RenderPool } from './render-pool.ts';

/** Decision 98: documents are drawn on worker threads, with a bounded line waiting for them. */

const line = (index: number): StatementLine => ({
  kind: 'TRANSACTION',
  transactionId: index,
  date: '2026-11-20T10:00:00+03:00',
  orderId: 1,
  relatedOrderNumber: 1000 + index,
  reasonDetail: { name: 'ORDER_PAYMENT', label: 'Sipariş ödemesi' },
  payTypeDetail: null,
  logoInvoiceId: null,
  description: `Ödeme ${index + 1}`,
  debit: 0,
  credit: 10,
  balance: -10 * (index + 1),
});
const statement = (lines: number): AccountStatement => ({
  buyer: { id: 1, code: 'M-001', title: 'Ilgaz Şarküteri' },
  from: '2026-11-01',
  to: '2026-11-23',
  openingBalance: 0,
  lines: Array.from({ length: lines }, (_, index) => line(index)),
  totalDebit: 0,
  totalCredit: 10 * lines,
  closingBalance: -10 * lines,
});
const text = async (file: Uint8Array) => (await pdfPageTexts(file)).join(' ');

describe('the render pool', () => {
  const pools: RenderPool[] = [];
  const pool = (workers: number, queueLimit: number) => {
    const made = new RenderPool({ workers, queueLimit });
    pools.push(made);
    return made;
  };
  afterAll(() => Promise.all(pools.map((one) => one.close())));

  it('draws a document on a worker thread, Turkish letters intact', async () => {
    const file = await pool(1, 4).render(STATEMENT_DOCUMENT, statement(3), 'Mandıra Süt Ürünleri');
    const printed = await text(file);
    expect(printed).toContain('Ilgaz Şarküteri (M-001)');
    expect(printed).toContain('Ödeme 3');
  });

  it('refuses at once what finds every worker busy and the line full, telling when to ask again', async () => {
    const busy = pool(1, 1);
    const drawn = busy.render(STATEMENT_DOCUMENT, statement(2), 'Mandıra');
    const waiting = busy.render(STATEMENT_DOCUMENT, statement(2), 'Mandıra');
    expect(busy.stats()).toMatchObject({ running: 1, queued: 1 });
    const refused = await busy.render(STATEMENT_DOCUMENT, statement(2), 'Mandıra').catch((error) => error);
    expect(refused).toBeInstanceOf(UnavailableError);
    expect(refused).toMatchObject({ status: 503, code: 'UNAVAILABLE', message: RENDER_BUSY_MESSAGE });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // The two taken are drawn, and then there is room again.
    for (const file of await Promise.all([drawn, waiting])) expect(await text(file)).toContain('M-001');
    expect(busy.stats()).toMatchObject({ running: 0, queued: 0 });
    expect(await text(await busy.render(STATEMENT_DOCUMENT, statement(1), 'Mandıra'))).toContain('Ödeme 1');
  });

  it('fails only the document that cannot be drawn; the worker goes on with the next', async () => {
    const one = pool(1, 4);
    const broken = one.render(STATEMENT_DOCUMENT, { buyer: null } as unknown as AccountStatement, 'Mandıra');
    const next = one.render(STATEMENT_DOCUMENT, statement(1), 'Mandıra');
    await expect(broken).rejects.toThrow(/could not be drawn/);
    expect(await text(await next)).toContain('Ödeme 1');
  });

  it('finds each declared drawing in its file under its name, and no file outside the server', async () => {
    for (const drawing of [STATEMENT_DOCUMENT, DISPATCH_NOTE_DOCUMENT]) {
      expect((await import(drawing.file))[drawing.name]).toBe(drawing.draw);
    }
    await expect(
      drawRequested({ file: 'file:///tmp/elsewhere.mjs', name: 'statementPdf', args: [] }),
    ).rejects.toThrow(/outside the server/);
    await expect(
      drawRequested({ file: STATEMENT_DOCUMENT.file, name: 'statementFileName', args: [] }),
    ).rejects.toThrow();
  });

  it('with no workers draws on the calling thread', async () => {
    const file = await pool(0, 0).render(STATEMENT_DOCUMENT, statement(1), 'Mandıra');
    expect(await text(file)).toContain('Ilgaz Şarküteri');
  });
});

describe('statement PDFs on one worker with no line (PDF_WORKERS=1, PDF_QUEUE_LIMIT=0)', () => {
  let w: OrderWorld;
  let finance: string;
  let buyerId: number;
  beforeAll(async () => {
    w = await orderWorld({ PDF_WORKERS: '1', PDF_QUEUE_LIMIT: '0' });
    finance = await w.t.tokenWithRoles(['FINANCE_ADMIN']);
    buyerId = (await buyer(w)).id;
  });
  afterAll(() => w.t.close());
  const statementPdf = () =>
    w.call('GET', `/accounting/statement.pdf?buyerId=${buyerId}`, undefined, finance);

  it('answers 503 with Retry-After in the envelope to those that find the worker busy', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, statementPdf));
    const drawn = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 503);
    expect(drawn.length + refused.length).toBe(5);
    expect(drawn.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of drawn) expect(answer.headers['content-type']).toBe('application/pdf');
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json).toEqual({
        success: false,
        error: { message: RENDER_BUSY_MESSAGE, code: 'UNAVAILABLE' },
      });
    }
    // Once drawn, the worker takes the next.
    expect((await statementPdf()).statusCode).toBe(200);
  });
});

describe('a simple request while statement PDFs are drawn', () => {
  let w: OrderWorld;
  let finance: string;
  let buyerId: number;
  beforeAll(async () => {
    w = await orderWorld({ PDF_WORKERS: '1', PDF_QUEUE_LIMIT: '20' });
    finance = await w.t.tokenWithRoles(['FINANCE_ADMIN']);
    buyerId = (await buyer(w)).id;
  });
  afterAll(() => w.t.close());

  it('is answered while the worker still has documents to draw', async () => {
    const documents = w.t.app.documents;
    let answered = 0;
    const pdfs = Array.from({ length: 12 }, () =>
      w.call('GET', `/accounting/statement.pdf?buyerId=${buyerId}`, undefined, finance).then((answer) => {
        answered++;
        return answer;
      }),
    );
    // The first document out: the worker is up and drawing the next.
    await Promise.race(pdfs);
    const summary = await w.call('GET', `/accounting/summary?buyerId=${buyerId}`, undefined, finance);
    expect(summary.statusCode).toBe(200);
    const { running, queued } = documents.stats();
    expect(running + queued).toBeGreaterThan(0);
    expect(answered).toBeLessThan(12);
    for (const answer of await Promise.all(pdfs)) expect(answer.statusCode).toBe(200);
  });
});
