import type { Shipment } from '@mandira/contract/shipments';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import {
  ApiSeeder,
  buyerWithBranch,
  loadedOntoTruck,
  loadingShipment,
  orderBeingLoaded,
  stockedProduct,
} from './seed.ts';
import { SCREENSHOT_DIR, UI_TIMEOUT_MS } from './settings.ts';
import { dialog, signInThroughUi, signOutThroughUi, tableRow } from './ui.ts';
import { LAPTOP } from './viewport.ts';

/**
 * Loading and load acceptance by scanning (docs/domain/scanning.md): a handheld scanner types the box's
 * barcode fast and Enter; a box of the line's product counts one box onto the truck or accepts the line,
 * a box of another product is refused with the reason.
 */
const baseUrl = inject('baseUrl');
const WAREHOUSE = { userName: 'depo.okutma.e2e', password: 'depo-okutma-1234' };
const SHIPPING = { userName: 'sevkiyat.okutma.e2e', password: 'sevkiyat-okutma-1234' };
// Barcodes follow the stock codes' digits (seed.ts) and carry a right EAN-13 check digit.
const KASAR = { code: 'FSC-39104', name: 'Okutmalı Kaşar 1,5 kg', price: 640, barcode: '8690000039104' };
const TULUM = { code: 'FSC-39111', name: 'Okutmalı Tulum 1,5 kg', price: 720, barcode: '8690000039111' };
const SHIPMENT_CODE = 'SVK-E2E-FSC-01';

/** The row of the order, by its number's own cell (small numbers occur in other cells too). */
const orderRow = (page: Page, orderNumber: number) =>
  tableRow(page, KASAR.name).filter({
    has: page.getByRole('cell', { name: String(orderNumber), exact: true }),
  });

/** As a keyboard-wedge scanner sends it: a few milliseconds a key, then Enter. */
async function scan(page: Page, field: Locator, code: string) {
  await field.click();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

describe('scanning boxes at loading and load acceptance', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  let shipment: Shipment;
  let toLoad: { orderNumber: number };
  let toAccept: { orderNumber: number };

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...WAREHOUSE, name: 'Ceren', surname: 'Yıldız', roles: ['WAREHOUSE_STAFF'] });
    await seeder.createUser({ ...SHIPPING, name: 'Barış', surname: 'Şahin', roles: ['SHIPPING_STAFF'] });
    const { buyer, branch } = await buyerWithBranch(
      seeder,
      { code: 'E2E-FSC1', title: 'Okutma Gıda Ltd.' },
      { code: 'FSC-MRK', title: 'Okutma Merkez', latitude: 40.99, longitude: 29.02 },
    );
    const kasar = await stockedProduct(seeder, KASAR, 60);
    await stockedProduct(seeder, TULUM, 6);
    shipment = await loadingShipment(seeder, {
      shipmentCode: SHIPMENT_CODE,
      plate: '34 FSC 391',
      toWarehouseId: branch.id,
    });
    const first = await orderBeingLoaded(seeder, buyer.id, branch.id, kasar.id);
    const second = await orderBeingLoaded(seeder, buyer.id, branch.id, kasar.id);
    await loadedOntoTruck(seeder, second.order, shipment.id);
    toLoad = first.order;
    toAccept = second.order;
    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('counts a scanned box onto the truck and refuses a box of another product (warehouse staff)', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/floor-scan-load-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Depo Sipariş Yönetimi' }).first().click();
    await page.getByRole('heading', { name: 'Depo Sipariş Yönetimi' }).waitFor();
    // The order's number is its own bold text in the order cell.
    const row = tableRow(page, KASAR.name).filter({
      has: page.getByText(String(toLoad.orderNumber), { exact: true }),
    });
    await row.getByRole('button', { name: 'Araca Yükle' }).click();
    const modal = dialog(page, 'Araca Yükle');
    await modal.getByRole('combobox', { name: 'Sevkiyat' }).click();
    await page.getByRole('option', { name: new RegExp(SHIPMENT_CODE) }).click();
    const field = modal.getByLabel('Barkod / karekod');
    await field.waitFor();

    await scan(page, field, TULUM.barcode);
    await expect
      .poll(() => modal.getByRole('alert').textContent(), { timeout: UI_TIMEOUT_MS })
      .toBe(
        `Yanlış ürün okutuldu: ${TULUM.name} (${TULUM.code}). Bu satır için ${KASAR.name} (${KASAR.code}) okutunuz.`,
      );
    expect(await modal.getByLabel('Depo-1 yüklenecek adet').inputValue()).toBe('');

    await scan(page, field, KASAR.barcode);
    await expect
      .poll(() => modal.getByLabel('Depo-1 yüklenecek adet').inputValue(), { timeout: UI_TIMEOUT_MS })
      .toBe('6');
    expect(await modal.getByRole('status').textContent()).toBe('Okundu: 6 adet. Bu depodan 6 adet.');
    await screenshot(page, 'floor-scan-load');
    await modal.getByRole('button', { name: 'Araca Yükle' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByTestId('loaded-pieces').textContent()).toBe('6 adet');
    await signOutThroughUi(page);
  });

  it('accepts the line of a scanned box and refuses a box of no waiting line (shipping staff)', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/floor-scan-accept-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, SHIPPING.userName, SHIPPING.password);
    await page.goto(`${baseUrl}/sevkiyat-siparis-yonetimi?orderShipmentId=${shipment.id}`);
    await page.getByRole('heading', { name: 'Sevkiyat Yük Kabulü' }).waitFor();
    const line = orderRow(page, toAccept.orderNumber);
    await expect
      .poll(() => line.getByTestId('item-status').textContent(), { timeout: UI_TIMEOUT_MS })
      .toBe('Araca Yüklendi');
    const field = page.getByLabel('Kabul için barkod / karekod');

    await scan(page, field, TULUM.barcode);
    await expect
      .poll(() => page.getByTestId('accept-scan').getByRole('alert').textContent(), {
        timeout: UI_TIMEOUT_MS,
      })
      .toBe(`Okutulan ürün (${TULUM.name}) kabul bekleyen yüklemeler arasında yok.`);

    await scan(page, field, KASAR.barcode);
    await expect
      .poll(() => line.getByTestId('item-status').textContent(), { timeout: UI_TIMEOUT_MS })
      .toBe('Yükleme Onaylandı');
    await screenshot(page, 'floor-scan-accept');
  });
});
