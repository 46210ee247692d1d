import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBuyer } from '../../../test/builders/buyer-test-data.ts';
import { countRows } from '../../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ERP_FAILURES, startFakeErp } from '../erp/fake-erp.ts';

let t: TestApp;
let erp: Awaited<ReturnType<typeof startFakeErp>>;
let accounting: string;
let known: Awaited<ReturnType<typeof createBuyer>>;

beforeAll(async () => {
  erp = await startFakeErp();
  t = await createTestApp({ ERP_SOURCE: erp.url, ERP_TIMEOUT_MS: '400' });
  accounting = await t.tokenWithRoles(['ACCOUNTING_MANAGER']);
  known = await createBuyer(t, accounting, {
    code: 'C-100',
    title: 'Ege Süt Ürünleri A.Ş.',
    phone1: '0232 400 00 00',
  });
});
afterAll(async () => {
  await t.close();
  await erp.close();
});
beforeEach(() => {
  erp.state.mode = 'json';
});

const sync = (token = accounting) =>
  t.call(token, { method: 'GET', url: '/api/buyers/sync-external-buyers' });
const queue = async () =>
  (await t.call(accounting, { method: 'GET', url: '/api/pending-buyer?size=100' })).json.data.buyers;
const unchangedKnown = () => {
  const { id: _id, ...fields } = known;
  return fields;
};

describe('GET /buyers/sync-external-buyers', () => {
  it('queues unknown codes as new, changed buyers as changes, and leaves unchanged ones out', async () => {
    erp.state.document = {
      buyers: [
        { code: 'C-200', title: 'Marmara Market Ltd. Şti.', name: 'Kemal', vkn: '4810012345' },
        { ...unchangedKnown(), title: 'Ege Süt Ürünleri Tic. A.Ş.', phone1: '0232 400 00 01', email: null },
        { code: 'C-300', title: 'Anadolu Şarküteri' },
      ],
    };
    const response = await sync();
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({ received: 3, newBuyers: 2, changedBuyers: 1, unchangedBuyers: 0 });

    const pending = await queue();
    expect(pending).toHaveLength(3);
    expect(pending.find((p: { code: string }) => p.code === 'C-200')).toMatchObject({
      isNew: true,
      buyerId: null,
      title: 'Marmara Market Ltd. Şti.',
      name: 'Kemal',
      surname: null,
      vkn: '4810012345',
      changes: [],
    });
    const changed = pending.find((p: { code: string }) => p.code === 'C-100');
    // What the ERP left out (email: null) keeps the buyer's value.
    expect(changed).toMatchObject({ isNew: false, buyerId: known.id, email: known.email });
    expect(changed.changes).toEqual([
      {
        field: 'title',
        label: 'Ünvan',
        oldValue: 'Ege Süt Ürünleri A.Ş.',
        newValue: 'Ege Süt Ürünleri Tic. A.Ş.',
      },
      { field: 'phone1', label: 'Telefon', oldValue: '0232 400 00 00', newValue: '0232 400 00 01' },
    ]);
  });

  it('changes nothing when the same source is synchronized again', async () => {
    const before = await queue();
    const response = await sync();
    expect(response.json.data).toEqual({ received: 3, newBuyers: 2, changedBuyers: 1, unchangedBuyers: 0 });
    expect(await queue()).toEqual(before);
  });

  it('queues nothing for a buyer the ERP sends unchanged, and drops its stale change', async () => {
    erp.state.document = { buyers: [unchangedKnown()] };
    const response = await sync();
    expect(response.json.data).toEqual({ received: 1, newBuyers: 0, changedBuyers: 0, unchangedBuyers: 1 });
    expect((await queue()).map((p: { code: string }) => p.code)).toEqual(['C-200', 'C-300']);
  });

  it('takes the last record of a code that is sent twice', async () => {
    erp.state.document = {
      buyers: [
        { code: 'C-400', title: 'İlk Ünvan' },
        { code: 'C-400', title: 'Son Ünvan' },
      ],
    };
    expect((await sync()).json.data).toMatchObject({ received: 1, newBuyers: 1 });
    expect((await queue()).find((p: { code: string }) => p.code === 'C-400').title).toBe('Son Ünvan');
  });

  it.each(ERP_FAILURES)(
    'answers 502 in Turkish when the ERP %s, and writes nothing',
    async (_label, mode, message) => {
      erp.state.document = { buyers: [{ code: 'NEVER', title: 'Gelmeyecek' }] };
      erp.state.mode = mode;
      const before = await countRows(t, 'pending_buyers');
      const response = await sync();
      expect(response.statusCode).toBe(502);
      expect(response.json.error.code).toBe('EXTERNAL_SOURCE');
      expect(response.json.error.message).toMatch(message);
      expect(await countRows(t, 'pending_buyers')).toBe(before);
    },
  );

  it('refuses the whole answer with 502 naming the record when one record is invalid', async () => {
    erp.state.document = {
      buyers: [
        { code: 'OK-1', title: 'Doğru Kayıt' },
        { code: 'BAD-1', title: 'Yanlış Kayıt', tckn: '11111111111' },
      ],
    };
    const response = await sync();
    expect(response.statusCode).toBe(502);
    expect(response.json.error.message).toContain("'buyers[1].tckn' kaydı");
    expect((await queue()).some((p: { code: string }) => p.code === 'OK-1')).toBe(false);
  });

  it('answers 502 when the source has no buyers list', async () => {
    erp.state.document = { productItems: [] };
    const response = await sync();
    expect(response.statusCode).toBe(502);
    expect(response.json.error.message).toContain("'buyers' listesi bulunamadı");
  });

  it('answers 401 without a token and 403 to a role without the buyer privileges', async () => {
    expect(
      (await t.call(undefined, { method: 'GET', url: '/api/buyers/sync-external-buyers' })).statusCode,
    ).toBe(401);
    expect((await sync(await t.tokenWithRoles(['SALES_ADMIN']))).statusCode).toBe(403);
  });
});

describe('sync without an ERP', () => {
  it('answers 422 with a Turkish message when ERP_SOURCE is not set', async () => {
    const bare = await createTestApp();
    try {
      const token = await bare.tokenWithRoles(['ACCOUNTING_MANAGER']);
      const response = await bare.call(token, { method: 'GET', url: '/api/buyers/sync-external-buyers' });
      expect(response.statusCode).toBe(422);
      expect(response.json.error.message).toContain('ERP bağlantısı yapılandırılmamış');
    } finally {
      await bare.close();
    }
  });
});
