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

  it('holds at most the workers and half of the line for one user, refusing the rest to them alone', async () => {
    const shared = pool(1, 4);
    const asked = Array.from({ length: 10 }, () =>
      shared.renderFor(7, STATEMENT_DOCUMENT, statement(1), 'Mandıra').then(
        () => 'drawn',
        (error) => error,
      ),
    );
    // Another user still finds room in the line.
    const other = shared.renderFor(8, STATEMENT_DOCUMENT, statement(1), 'Mandıra');
    const answers = await Promise.all(asked);
    expect(answers.filter((answer) => answer === 'drawn')).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer !== 'drawn')) {
      expect(refused).toMatchObject({ status: 503, message: RENDER_BUSY_MESSAGE });
    }
    expect(await text(await other)).toContain('Ödeme 1');
    expect(shared.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it('gives a full line’s place to a user holding fewer, refusing the newest of the one holding most', async () => {
    const shared = pool(1, 2);
    const outcome = (owner: number) =>
      shared.renderFor(owner, STATEMENT_DOCUMENT, statement(1), 'Mandıra').then(
        () => 'drawn',
        (error) => (error as Error).message,
      );
    const first = [outcome(1), outcome(1)]; // one drawn, one waiting: user 1's share
    const third = outcome(3); // the line is full now
    expect(shared.stats()).toMatchObject({ running: 1, queued: 2 });
    const second = outcome(2); // holds none: takes the place of user 1's waiting document
    const fourth = outcome(4); // every other holds one: no place to take
    expect(await Promise.all([...first, third, second, fourth])).toEqual([
      'drawn',
      RENDER_BUSY_MESSAGE,
      'drawn',
      'drawn',
      RENDER_BUSY_MESSAGE,
    ]);
  });

  it('lets the users take turns at the workers, not the order they asked in', async () => {
    const shared = pool(1, 10);
    const done: string[] = [];
    const ask = (owner: number, name: string) =>
      shared.renderFor(owner, STATEMENT_DOCUMENT, statement(1), 'Mandıra').then(() => done.push(name));
    await Promise.all([ask(1, 'a1'), ask(1, 'a2'), ask(1, 'a3'), ask(1, 'a4'), ask(2, 'b1')]);
    expect(done).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
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
  const statementPdf = (token = finance) =>
    w.call('GET', `/accounting/statement.pdf?buyerId=${buyerId}`, undefined, token);

  it('answers 503 with Retry-After in the envelope to those that find the worker busy', async () => {
    // Five users at once: one user's statements wait for each other before the pool (decision 169).
    const users = [
      finance,
      ...(await Promise.all(Array.from({ length: 4 }, () => w.t.tokenWithRoles(['FINANCE_ADMIN'])))),
    ];
    const answers = await Promise.all(users.map((token) => statementPdf(token)));
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

describe('statement PDFs of two users on one worker and a short line', () => {
  let w: OrderWorld;
  let buyerId: number;
  beforeAll(async () => {
    w = await orderWorld({ PDF_WORKERS: '1', PDF_QUEUE_LIMIT: '4' });
    buyerId = (await buyer(w)).id;
  });
  afterAll(() => w.t.close());

  it('never refuse the second user because the first asked for many at once (decision 149)', async () => {
    const [greedy, modest] = [
      await w.t.tokenWithRoles(['FINANCE_ADMIN']),
      await w.t.tokenWithRoles(['FINANCE_ADMIN']),
    ];
    const pdf = (token: string) =>
      w.call('GET', `/accounting/statement.pdf?buyerId=${buyerId}`, undefined, token);
    for (let round = 0; round < 3; round++) {
      const many = Array.from({ length: 30 }, () => pdf(greedy));
      const theirs = await pdf(modest);
      expect(theirs.statusCode, theirs.body).toBe(200);
      const statuses = (await Promise.all(many)).map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(3);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    }
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
    // Four users, each within its share of the pool (decision 149) and of its own line of heavy reads
    // (decision 169).
    const users = [
      finance,
      ...(await Promise.all(Array.from({ length: 3 }, () => w.t.tokenWithRoles(['FINANCE_ADMIN'])))),
    ];
    const pdfs = Array.from({ length: 11 }, (_, n) =>
      w
        .call('GET', `/accounting/statement.pdf?buyerId=${buyerId}`, undefined, users[n % users.length])
        .then((answer) => {
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
    expect(answered).toBeLessThan(11);
    for (const answer of await Promise.all(pdfs)) expect(answer.statusCode).toBe(200);
  });
});
