import type { Order } from '@mandira/contract/orders';
import type { Shipment } from '@mandira/contract/shipments';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import {
  ApiSeeder,
  buyerWithBranch,
  loadingShipment,
  placedOrder,
  preparedAndLoaded,
  stockedProduct,
} from './seed.ts';
import { SCREENSHOT_DIR } from './settings.ts';
import { dialog, screenshotFromTop, signInThroughUi, signOutThroughUi, tableRow } from './ui.ts';
import { LAPTOP } from './viewport.ts';

/**
 * Fewer round trips on the floor (decision 142): the warehouse prepares two items in one go, the
 * shipping staff accept two lines one after the other without leaving the shipment.
 */
const baseUrl = inject('baseUrl');
const WAREHOUSE = { userName: 'depo.toplu.e2e', password: 'depo-toplu-1234' };
const SHIPPING = { userName: 'sevkiyat.sirali.e2e', password: 'sevkiyat-sirali-1234' };
const BUYER = { code: 'E2E-TPL', title: 'Ayvalık Zeytin ve Peynir Evi', name: 'Nur', surname: 'Öztürk' };
const PRODUCT = { code: 'TPL-5512', name: 'Ayvalık Kaşarı 1500 g Vakumlu', price: 390 };
const SHIPMENT_CODE = 'SVK-E2E-TPL-01';

/** The warehouse screen's row of an order's item. */
function itemRow(page: Page, order: Order) {
  return tableRow(page, PRODUCT.name).filter({
    has: page.getByText(String(order.orderNumber), { exact: true }),
  });
}

const statusOf = async (row: Locator) => (await row.getByTestId('item-status').textContent())?.trim();

describe('fewer round trips on the floor', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  /** Two orders waiting for the warehouse, two loaded onto the shipment. */
  let waiting: Order[];
  let loaded: Order[];
  let shipment: Shipment;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...WAREHOUSE, name: 'Cem', surname: 'Aksoy', roles: ['WAREHOUSE_STAFF'] });
    await seeder.createUser({ ...SHIPPING, name: 'Elif', surname: 'Doğan', roles: ['SHIPPING_STAFF'] });
    const { buyer, branch } = await buyerWithBranch(seeder, BUYER, {
      code: 'AYV-01',
      title: 'Ayvalık Merkez',
      latitude: 39.3191,
      longitude: 26.6953,
    });
    const product = await stockedProduct(seeder, PRODUCT, 120);
    const orders: Order[] = [];
    for (const reference of ['AYV-1', 'AYV-2', 'AYV-3', 'AYV-4']) {
      const order = await placedOrder(
        seeder,
        { buyerId: buyer.id, productId: product.id, boxes: 1 },
        { buyerBranch: branch.id, buyerRequestReferenceCode: reference, colorGroup: 'blue' },
        'warehouse',
      );
      orders.push(order);
    }
    waiting = orders.slice(0, 2);
    loaded = orders.slice(2);

    shipment = await loadingShipment(seeder, {
      shipmentCode: SHIPMENT_CODE,
      plate: '10 TPL 512',
      toWarehouseId: branch.id,
    });
    for (const order of loaded) {
      await preparedAndLoaded(seeder, order, shipment.id);
    }

    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('prepares two items in one request on the warehouse screen', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/floor-warehouse-failed.png`, fullPage: true });
    });
    const bulkRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/order-items/warehouse-steps')) bulkRequests.push(request.method());
    });

    await signInThroughUi(page, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Depo Sipariş Yönetimi' }).first().click();
    await page.getByRole('heading', { name: 'Depo Sipariş Yönetimi' }).waitFor();
    const [first, second] = waiting.map((order) => itemRow(page, order)) as [Locator, Locator];
    await first.waitFor();
    // The count says what it counts: orders and their item rows.
    expect(await page.getByTestId('table-count').textContent()).toMatch(/^\d+ sipariş · \d+ kalem$/);
    // Filtered by the product, the rows are the test's own: four orders, one item each.
    await page.getByRole('textbox', { name: 'Ara' }).fill(PRODUCT.code);
    await expect.poll(() => page.getByTestId('table-count').textContent()).toBe('2 sipariş · 2 kalem');
    await page.getByRole('textbox', { name: 'Ara' }).fill('');

    for (const row of [first, second]) await row.getByTestId('select-item').check();
    const bar = page.getByTestId('bulk-step-bar');
    expect(await bar.getByTestId('bulk-selected-count').textContent()).toBe('2 kalem seçildi');
    await screenshotFromTop(page, 'floor-warehouse-selected');
    await bar.getByRole('button', { name: 'Hazırlamaya Başla (2)' }).click();
    const question = dialog(page, 'Hazırlamaya Başla');
    expect(await question.textContent()).toContain(`sipariş ${waiting[0]!.orderNumber} '${PRODUCT.name}'`);
    await screenshot(page, 'floor-warehouse-confirm');
    await question.getByRole('button', { name: 'Hazırlamaya Başla' }).click();
    await expect.poll(() => statusOf(first)).toBe('Hazırlanıyor');
    await expect.poll(() => statusOf(second)).toBe('Hazırlanıyor');
    expect(bulkRequests).toEqual(['PUT']);
    // The selection is spent; the same two go on to the next step together.
    expect(await bar.getByTestId('bulk-selected-count').textContent()).toBe('0 kalem seçildi');
    for (const row of [first, second]) await row.getByTestId('select-item').check();
    await bar.getByRole('button', { name: 'Hazırlandı, Yüklemeye Geç (2)' }).click();
    await dialog(page, 'Hazırlandı, Yüklemeye Geç')
      .getByRole('button', { name: 'Hazırlandı, Yüklemeye Geç' })
      .click();
    await expect.poll(() => statusOf(first)).toBe('Hazırlandı, Yükleme Bekliyor');
    await expect.poll(() => statusOf(second)).toBe('Hazırlandı, Yükleme Bekliyor');
    expect(bulkRequests).toEqual(['PUT', 'PUT']);
    await screenshotFromTop(page, 'floor-warehouse-done');
    await signOutThroughUi(page);
  });

  it('accepts two lines in a row without leaving the shipment, with buttons a finger can hit', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/floor-acceptance-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, SHIPPING.userName, SHIPPING.password);
    const contents = `${baseUrl}/sevkiyat-siparis-yonetimi?orderShipmentId=${shipment.id}`;
    await page.goto(contents);
    await page.getByRole('heading', { name: 'Sevkiyat Yük Kabulü' }).waitFor();
    const lines = tableRow(page, PRODUCT.name);
    await expect.poll(() => lines.count()).toBe(2);
    const [third, fourth] = loaded as [Order, Order];
    expect(await page.getByTestId('waiting-lines').textContent()).toBe(
      `Kabul bekleyen 2 / 2 kalem · sıradaki: sipariş ${third.orderNumber}, '${PRODUCT.name}'`,
    );

    const accept = lines.nth(0).getByRole('button', { name: 'Yüklemeyi Kabul Et' });
    const reject = lines.nth(0).getByRole('button', { name: 'Yüklenmedi Olarak Bildir' });
    const [acceptBox, rejectBox] = [await accept.boundingBox(), await reject.boundingBox()];
    expect(acceptBox!.height).toBeGreaterThanOrEqual(44);
    expect(rejectBox!.height).toBeGreaterThanOrEqual(44);
    expect(rejectBox!.y - (acceptBox!.y + acceptBox!.height)).toBeGreaterThanOrEqual(8);
    await screenshotFromTop(page, 'floor-acceptance-before');

    await accept.click();
    await expect.poll(() => statusOf(lines.nth(0))).toBe('Yükleme Onaylandı');
    expect(page.url()).toBe(contents);
    // The next waiting line is the one to act on now.
    const next = lines.nth(1).getByRole('button', { name: 'Yüklemeyi Kabul Et' });
    await expect.poll(() => next.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.getByTestId('waiting-lines').textContent()).toBe(
      `Kabul bekleyen 1 / 2 kalem · sıradaki: sipariş ${fourth.orderNumber}, '${PRODUCT.name}'`,
    );
    await screenshotFromTop(page, 'floor-acceptance-first');

    await page.keyboard.press('Enter');
    await expect.poll(() => statusOf(lines.nth(1))).toBe('Yükleme Onaylandı');
    expect(page.url()).toBe(contents);
    expect(await page.getByTestId('waiting-lines').textContent()).toContain(
      `${SHIPMENT_CODE} sevkiyatında kabul bekleyen kalem kalmadı`,
    );
    await screenshotFromTop(page, 'floor-acceptance-done');
  });
});
