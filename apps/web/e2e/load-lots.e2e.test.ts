import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { Order } from '@mandira/contract/orders';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { axeFindings, describeFindings } from './axe.ts';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder, buyerWithBranch, loadingShipment, placedOrder, stockedProduct } from './seed.ts';
import { SCREENSHOT_DIR, UI_TIMEOUT_MS } from './settings.ts';
import { dialog, signInThroughUi, tableRow } from './ui.ts';
import { LAPTOP } from './viewport.ts';

/**
 * Lots at loading (decision 152): the warehouse clerk's load form shows the lots first-expired-first-out
 * takes — skipping the one too short for the buyer's minimum remaining shelf life — and loads them; a
 * second load takes a lot the clerk chooses.
 */
const baseUrl = inject('baseUrl');
const WAREHOUSE = { userName: 'depo.yukleme.e2e', password: 'depo-yukleme-1234' };
const PRODUCT = { code: 'PRT-5521', name: 'Trakya Kaşar Peyniri 1,5 kg Parti', price: 610 };
const SHIPMENT_CODE = 'SVK-E2E-PRT-01';
const today = istanbulDate(new Date());
const shown = (day: string) => day.split('-').reverse().join('.');
const LOTS = [
  { code: 'PRT-A05', expiryDate: addDays(today, 5) },
  { code: 'PRT-B20', expiryDate: addDays(today, 20) },
  { code: 'PRT-C40', expiryDate: addDays(today, 40) },
];

async function openLoadForm(page: Page, orderNumber: number, pieces: number) {
  const row = tableRow(page, PRODUCT.name).filter({ hasText: String(orderNumber) });
  await row.getByRole('button', { name: 'Araca Yükle' }).click();
  const modal = dialog(page, 'Araca Yükle');
  await modal.getByRole('combobox', { name: 'Sevkiyat' }).click();
  await page.getByRole('option', { name: new RegExp(SHIPMENT_CODE) }).click();
  await modal.getByLabel('Depo-1 yüklenecek adet').fill(String(pieces));
  return modal;
}

describe('lots at loading', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  let order: Order;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...WAREHOUSE, name: 'Selin', surname: 'Öztürk', roles: ['WAREHOUSE_STAFF'] });
    // A chain that wants ten days of shelf life left on arrival.
    const { buyer, branch } = await buyerWithBranch(
      seeder,
      { code: 'E2E-PRT1', title: 'Lüleburgaz Zincir Market A.Ş.', minRemainingShelfLifeDays: 10 },
      { code: 'PRT-MRK', title: 'Lüleburgaz Merkez', latitude: 41.4039, longitude: 27.3569 },
    );
    expect(buyer.minRemainingShelfLifeDays).toBe(10);
    const product = await stockedProduct(
      seeder,
      PRODUCT,
      LOTS.map((lot) => ({ pieces: 12, lot })),
    );
    order = await placedOrder(
      seeder,
      { buyerId: buyer.id, productId: product.id, boxes: 2 },
      { buyerBranch: branch.id, buyerRequestReferenceCode: 'PRT-1', plannedShipmentDate: today },
      'loading',
    );
    await loadingShipment(seeder, {
      shipmentCode: SHIPMENT_CODE,
      plate: '39 PRT 521',
      toWarehouseId: branch.id,
    });

    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('loads first-expired-first-out past the lot too short for the buyer, then a lot the clerk chooses', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/load-lots-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Depo Sipariş Yönetimi' }).first().click();
    await page.getByRole('heading', { name: 'Depo Sipariş Yönetimi' }).waitFor();

    // --- FEFO: the 5-day lot is too short for a 10-day minimum; the 20-day one is taken ---
    let modal = await openLoadForm(page, order.orderNumber, 6);
    const lots = modal.getByTestId('load-lot');
    await expect.poll(() => lots.count(), { timeout: UI_TIMEOUT_MS }).toBe(3);
    const tooShort = lots.filter({ hasText: 'PRT-A05' });
    expect(await tooShort.getAttribute('data-fitness')).toBe('TOO_SHORT');
    expect(await tooShort.textContent()).toContain('Raf ömrü yetersiz');
    await expect
      .poll(() => lots.filter({ hasText: 'PRT-B20' }).textContent())
      .toBe(`PRT-B20${shown(LOTS[1]!.expiryDate)}126`);
    expect(await modal.getByTestId('load-lots').textContent()).toContain(
      'müşteri en az 10 gün raf ömrü istiyor',
    );
    await screenshot(page, 'load-lots-fefo');
    await modal.getByRole('button', { name: 'Araca Yükle' }).click();
    await modal.waitFor({ state: 'hidden' });

    // --- the clerk chooses the 40-day lot instead ---
    modal = await openLoadForm(page, order.orderNumber, 6);
    await expect.poll(() => modal.getByTestId('load-lot').count(), { timeout: UI_TIMEOUT_MS }).toBe(3);
    await modal.getByLabel('Partileri ben seçeceğim').check();
    await modal.getByLabel('PRT-B20 partisinden alınacak adet').fill('');
    const submit = modal.getByRole('button', { name: 'Araca Yükle' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    expect(await modal.getByLabel('PRT-A05 partisinden alınacak adet').isDisabled()).toBe(true);
    await modal.getByLabel('PRT-C40 partisinden alınacak adet').fill('6');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await screenshot(page, 'load-lots-chosen');
    const findings = await axeFindings(page, 'load-lots');
    expect(findings, describeFindings(findings)).toEqual([]);
    await submit.click();
    await modal.waitFor({ state: 'hidden' });

    // Unpaged, the search answers the orders themselves.
    const [found] = await seeder.call<Order[]>('POST', '/orders/filter-by-query', {
      orderNumbers: [order.orderNumber],
    });
    const loaded = found!.orderItems[0]!;
    expect(loaded.loadedQuantity).toBe(12);
    expect(loaded.warehouseLoads.flatMap((one) => one.lots.map((lot) => [lot.code, lot.pieces]))).toEqual([
      ['PRT-B20', 6],
      ['PRT-C40', 6],
    ]);
  });
});
