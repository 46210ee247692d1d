import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import {
  ApiSeeder,
  buyerWithBranch,
  loadingShipment,
  loadOntoTruck,
  orderBeingLoaded,
  productItemBody,
  stockIn,
} from './seed.ts';
import { columnTexts, signInThroughUi, tableRow } from './ui.ts';

const baseUrl = inject('baseUrl');
const WAREHOUSE_ADMIN = { userName: 'parti.takibi.e2e', password: 'parti-takibi-1234' };
const LOT_CODE = 'E2E-2611-A';
const SHIPMENT_CODE = 'SVK-E2E-PARTI-1';

describe("'Parti Takibi': a lot traced to the buyer it was loaded for", () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({
      ...WAREHOUSE_ADMIN,
      name: 'Ufuk',
      surname: 'Şahin',
      roles: ['WAREHOUSE_ADMIN'],
    });
    // 30 pieces of one lot, expiring in five days, into DEPO1.
    const item = await seeder.createProductItem(
      productItemBody('STK-38021', 'Parti Takip Kaşarı', {
        packagingUnitType: 'KILOGRAM',
        packagingUnitTypeAmount: 2,
      }),
    );
    await stockIn(seeder, item, [
      { pieces: 30, lot: { code: LOT_CODE, expiryDate: addDays(istanbulDate(new Date()), 5) } },
    ]);
    const product = await seeder.call<{ id: number }>('POST', '/products', {
      name: 'Parti Takip Kaşarı 2 kg',
      price: 420,
      quantityInsideBox: 6,
      productBundle: [{ productItemId: item.id, quantity: 1 }],
    });
    const { buyer, branch } = await buyerWithBranch(
      seeder,
      { code: 'E2E-PRT2', title: 'Gönen Şarküteri', name: 'Işıl', surname: 'Çınar' },
      { code: 'CARSI', title: 'Çarşı Şubesi' },
    );
    // One box (6 pieces) loaded FEFO from the lot onto a truck bound for the branch.
    const { order } = await orderBeingLoaded(seeder, buyer.id, branch.id, product.id);
    const shipment = await loadingShipment(seeder, {
      shipmentCode: SHIPMENT_CODE,
      plate: '10 PRT 038',
      toWarehouseId: branch.id,
    });
    await loadOntoTruck(seeder, order, shipment.id);
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('finds the lot from the expiry card, shows its buyer, totals and stock, and exports Excel and the PDF', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'lots-failed');
    });
    await signInThroughUi(page, baseUrl, WAREHOUSE_ADMIN.userName, WAREHOUSE_ADMIN.password);
    // The lot expires within the warning days and is on hand: the card opens the list filtered to it.
    const card = page.locator('[data-testid="my-work-card"][data-key="LOTS_EXPIRING"]');
    await card.waitFor();
    expect(await card.textContent()).toContain('Son kullanma tarihi yaklaşan partiler');
    await card.click();
    await page.waitForURL('**/parti-takibi?expiringWithinDays=7');
    await page.getByRole('heading', { name: 'Parti Takibi' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Durum' }).inputValue()).toBe(
      'Son kullanma tarihi yaklaşanlar',
    );

    await page.getByRole('textbox', { name: 'Ara' }).first().fill('e2e-2611');
    const row = tableRow(page, LOT_CODE);
    await row.waitFor();
    expect(await row.textContent()).toContain('STK-38021 - Parti Takip Kaşarı');
    expect(await row.textContent()).toContain('5 gün kaldı');
    await screenshot(page, 'lots-list');

    await page.getByRole('button', { name: `İzle: ${LOT_CODE} partisi` }).click();
    const trace = page.getByTestId('lot-trace');
    const load = tableRow(trace, 'Gönen Şarküteri');
    await load.waitFor();
    const loadText = await load.textContent();
    for (const shown of [
      'E2E-PRT2',
      'Çarşı Şubesi (CARSI)',
      SHIPMENT_CODE,
      'Yükleniyor',
      'Teslim edilmedi',
    ]) {
      expect(loadText).toContain(shown);
    }
    const total = (key: string) => trace.locator(`[data-total="${key}"]`).textContent();
    expect(await total('produced')).toMatch(/^30/);
    expect(await total('shipped')).toMatch(/^6/);
    expect(await total('onHand')).toMatch(/^24/);
    expect(await trace.getByTestId('lot-stock').textContent()).toContain('Depo-1: 24 adet');
    expect(page.url()).toMatch(/[?&]lot=\d+/);
    await screenshot(page, 'lots-trace');

    // The trace's own Excel button: the loads, under the lot's heading.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      trace.getByRole('button', { name: 'Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`parti-takibi-${LOT_CODE}-STK-38021.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    expect(columnTexts(sheet, 1, 'Gönen')).toEqual(['Gönen Şarküteri (E2E-PRT2)']);
    expect(columnTexts(sheet, 2, LOT_CODE)).toHaveLength(1);

    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/trace.pdf')),
      page.getByRole('button', { name: 'PDF Geri Çağırma Listesi' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
  });
});
