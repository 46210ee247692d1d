import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer } from '../../../test/builders/buyer-test-data.ts';
import { dayFromToday, receiveLot } from '../../../test/builders/expiry-test-data.ts';
import {
  type LoadWorld,
  load,
  loadWorld,
  orderInWarehouse,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { branchOf, product } from '../../../test/builders/order-test-data.ts';
import { pdfPageTexts } from '../../pdf/pdf-text.ts';
import { dispatchNoteOf } from './dispatch-note.ts';

/** Issue 14 item 6: the dispatch note of a shipment, read back from the PDF. */
let w: LoadWorld;
let text: string;
let shipment: { id: number; code: string };
let response: Awaited<ReturnType<LoadWorld['call']>>;
let cheeseBox: number;
let firstItemId: number;
beforeAll(async () => {
  w = await loadWorld();
  const admin = await w.t.adminToken();
  const other = await createBuyer(w.t, admin, {
    title: 'Ilgaz Şarküteri Gıda Ltd. Şti.',
    addressMain: 'Çankırı Yolu No: 12 Ilgaz / Çankırı',
    taxOffice: 'Çankırı',
    vkn: '4561237890',
  });
  const otherBranch = await branchOf(w, other.id, 'ÇANKIRI');
  const cheese = await stockedItem(w, { DEPO1: 200, DEPO2: 100 }, { name: 'Tam Yağlı Beyaz Peynir' });
  const ayran = await stockedItem(
    w,
    { DEPO1: 300 },
    {
      name: 'Ayran Şişe',
      packagingUnitType: 'MILLILITERS',
      packagingUnitTypeAmount: 250,
    },
  );
  // FEFO takes the dated lot before the stock received without one.
  await receiveLot(w, cheese, 'DEPO1', 5, { code: 'P-2611A', days: 10 });
  cheeseBox = await product(w, [{ itemId: cheese, quantity: 1 }], { name: 'Beyaz Peynir Koli Ürünü' });
  const ayranPack = await product(w, [{ itemId: ayran, quantity: 2 }], { name: 'Çifte Ayran Paketi' });
  shipment = await shipmentIn(w, 'LOADING', { intermediateWarehouseId: otherBranch });
  const first = await orderInWarehouse(w, cheeseBox, 2);
  firstItemId = first.itemId;
  expect(
    (
      await load(w, first.order, first.itemId, shipment.id, [
        { warehouse: 'DEPO1', quantity: 8 },
        { warehouse: 'DEPO2', quantity: 3 },
      ])
    ).statusCode,
  ).toBe(200);
  const second = await orderInWarehouse(w, ayranPack, 1, 'LOADING', {
    buyerId: other.id,
    branchId: otherBranch,
  });
  expect(
    (await load(w, second.order, second.itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 6 }]))
      .statusCode,
  ).toBe(200);
  response = await w.call('GET', `/shipments/${shipment.id}/dispatch-note.pdf`, undefined, w.office);
  text = (await pdfPageTexts(response.rawPayload)).join('\n');
  if (process.env.DISPATCH_NOTE_OUT)
    (await import('node:fs')).writeFileSync(process.env.DISPATCH_NOTE_OUT, response.rawPayload);
});
afterAll(() => w.close());

describe('the dispatch note', () => {
  it('is a PDF download named after the shipment', () => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent(`Sevk İrsaliyesi ${shipment.code}.pdf`),
    );
  });

  it('names the company, the shipment, the vehicle, the driver and the stops with their buyers', () => {
    for (const expected of [
      'Mandıra Süt Ürünleri',
      'Sevk İrsaliyesi',
      shipment.code,
      '34 YK',
      'Ford Cargo',
      'Şoför Çağlar',
      'Çıkış',
      'Depo-1',
      'Ara durak',
      'ÇANKIRI Deposu',
      'Ilgaz Şarküteri Gıda Ltd. Şti.',
      'Varış',
      'MERKEZ Deposu',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('lists the goods per buyer with stock code, pieces, boxes and expected weight, then the totals', () => {
    // 11 cheese pieces of 1500 g: 16,5 kg; 6 packs of two 250 ml ayran at 1.03 kg/L: 3,09 kg.
    expect(text).toContain('Beyaz Peynir Koli Ürünü');
    // The products have no stock code of their own: their items' codes stand in.
    expect(text).toMatch(/TST-\d+/);
    expect(text).toContain('Çifte Ayran Paketi');
    expect(text).toMatch(/Alıcı: Ilgaz Şarküteri Gıda Ltd\. Şti\./);
    // One line per warehouse the pieces left: 8 from Depo-1 (12 kg), 3 from Depo-2 (4,5 kg).
    expect(text).toMatch(/Depo-1\s+8\s+1 koli \+ 2 adet\s+12/);
    expect(text).toMatch(/Depo-2\s+3\s+0 koli \+ 3 adet\s+4,5/);
    expect(text).toMatch(/Alıcı toplamı\s+11\s+1\s+16,5/);
    expect(text).toMatch(/Depo-1\s+6\s+1\s+3,1/);
    expect(text).toContain('Toplam adet: 17');
    expect(text).toContain('Beklenen ağırlık: 0,020 ton');
  });

  it('names the warehouse each line left from, not the truck’s departure warehouse', async () => {
    // A truck leaving from Depo-3, loaded from Depo-1 and Depo-2: no line says Depo-3.
    const fromDepo3 = await shipmentIn(w, 'LOADING', { fromWarehouseId: 3 });
    const { order, itemId } = await orderInWarehouse(w, cheeseBox, 1);
    const loaded = await load(w, order, itemId, fromDepo3.id, [
      { warehouse: 'DEPO1', quantity: 4 },
      { warehouse: 'DEPO2', quantity: 2 },
    ]);
    expect(loaded.statusCode, loaded.body).toBe(200);
    const note = await dispatchNoteOf(w.t.db, fromDepo3.id);
    expect(note.origin).toMatch(/^Depo-3/);
    expect(note.loadedFrom).toEqual(['Depo-1', 'Depo-2']);
    expect(note.buyers.flatMap((buyer) => buyer.lines).map((line) => [line.warehouse, line.pieces])).toEqual([
      ['Depo-1', 4],
      ['Depo-2', 2],
    ]);
    const pdf = await w.call('GET', `/shipments/${fromDepo3.id}/dispatch-note.pdf`, undefined, w.office);
    const printed = (await pdfPageTexts(pdf.rawPayload)).join('\n');
    expect(printed).toMatch(/Aracın çıkış deposu:\s+Depo-3\s+Yüklendiği depolar:\s+Depo-1, Depo-2/);
    expect(printed).toMatch(/Çıkış\s+Deposu/);
    expect(printed).toMatch(/Beyaz Peynir Koli Ürünü\s+Depo-1\s+4\s+0 koli \+ 4 adet/);
    expect(printed).toMatch(/Beyaz Peynir Koli Ürünü\s+Depo-2\s+2\s+0 koli \+ 2 adet/);
    // The boxes are counted per item: 4 + 2 pieces fill one box of 6, though neither line does alone.
    expect(printed).toMatch(/Alıcı toplamı\s+6\s+1\s+9/);
    expect(printed).toContain('Toplam koli: 1');
  });

  it('names the lot code and expiry of each line, each lot of a line that took several, SKT yok for the undated', async () => {
    const note = await dispatchNoteOf(w.t.db, shipment.id);
    const lots = note.buyers
      .flatMap((buyer) => buyer.lines)
      .filter((line) => line.orderItemId === firstItemId)
      .map((line) => [line.warehouse, line.lots.map((lot) => [lot.code, lot.expiryDate, lot.quantity])]);
    expect(lots).toEqual([
      [
        'Depo-1',
        [
          ['P-2611A', dayFromToday(10), 5],
          ['', null, 3],
        ],
      ],
      ['Depo-2', [['', null, 3]]],
    ]);
    const [year, month, day] = dayFromToday(10).split('-');
    expect(text).toContain('Parti / SKT');
    expect(text).toMatch(
      new RegExp(`P-2611A \\(SKT\\s+${day}\\.${month}\\.${year}\\):\\s+5 adet\\s+SKT yok:\\s+3 adet`),
    );
  });

  it('gives each buyer’s address, tax office and tax number under its name', () => {
    expect(text).toMatch(
      /Alıcı: Ilgaz Şarküteri Gıda Ltd\. Şti\. \(MUS-\d+\) · Teslimat şubesi: ÇANKIRI Deposu\s+Adres: Çankırı Yolu No: 12 Ilgaz \/ Çankırı · Vergi dairesi: Çankırı · VKN 4561237890/,
    );
  });

  it('has the two signature boxes', () => {
    expect(text).toContain('Teslim Eden');
    expect(text).toContain('Teslim Alan');
    expect(text).toContain('İmza:');
  });

  it('is for the shipment staff: 401 without a token, 403 for the warehouse, 404 for an unknown shipment', async () => {
    const url = `/shipments/${shipment.id}/dispatch-note.pdf`;
    expect((await w.t.call(undefined, { method: 'GET', url: `/api${url}` })).statusCode).toBe(401);
    expect((await w.call('GET', url, undefined, w.warehouse)).statusCode).toBe(403);
    expect((await w.call('GET', url, undefined, w.shipping)).statusCode).toBe(200);
    expect((await w.call('GET', '/shipments/999999/dispatch-note.pdf', undefined, w.office)).statusCode).toBe(
      404,
    );
    expect((await w.call('GET', '/shipments/abc/dispatch-note.pdf', undefined, w.office)).statusCode).toBe(
      400,
    );
  });
});
