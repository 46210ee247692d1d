import type { Order } from '@mandira/contract/orders';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { ApiSeeder, buyerWithBranch, placedOrder, stockedProduct } from './seed.ts';
import { SCREENSHOT_DIR } from './settings.ts';
import { screenshotFromTop, signInThroughUi } from './ui.ts';
import { LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
const ORDER_MANAGER = { userName: 'siparis.canli.e2e', password: 'siparis-canli-1234' };
const WAREHOUSE = { userName: 'depo.canli.e2e', password: 'depo-canli-1234' };
const BUYER = {
  code: 'E2E-CNL1',
  title: 'Karaköy Güllüoğlu Şarküteri Ltd.',
  name: 'Şükrü',
  surname: 'Güneş',
};
const PRODUCT = { code: 'CNL-7710', name: 'Ezine Tam Yağlı Beyaz Peynir 1,5 kg', price: 455 };
/** The live link has to carry the change faster than anyone would think of pressing "Ara". */
const LIVE_WITHIN_MS = 5_000;

function warehouseRow(page: Page, orderNumber: number) {
  return page
    .getByRole('row')
    .filter({ hasText: PRODUCT.name })
    .filter({ has: page.getByText(String(orderNumber), { exact: true }) });
}

function orderCard(page: Page, orderNumber: number) {
  return page.getByTestId('order').filter({ has: page.getByText(`Sipariş ${orderNumber}`, { exact: true }) });
}

describe('the live floor: two people, two browsers, no reload', () => {
  let manager: BrowserSession;
  let clerk: BrowserSession;
  let order: Order;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...ORDER_MANAGER, name: 'Nermin', surname: 'Çelik', roles: ['ORDER_MANAGER'] });
    await seeder.createUser({ ...WAREHOUSE, name: 'İsmail', surname: 'Yıldız', roles: ['WAREHOUSE_STAFF'] });
    const { buyer, branch } = await buyerWithBranch(seeder, BUYER, {
      code: 'MERKEZ',
      title: 'Karaköy Merkez',
      latitude: 41.0224,
      longitude: 28.9769,
    });
    const product = await stockedProduct(seeder, PRODUCT, 24);
    order = await placedOrder(
      seeder,
      { buyerId: buyer.id, productId: product.id, boxes: 2 },
      { buyerBranch: branch.id, buyerRequestReferenceCode: 'CANLI-1' },
      'approved',
    );
    manager = await openBrowser();
    clerk = await openBrowser();
    await manager.page.setViewportSize(LAPTOP);
    await clerk.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await manager?.close();
    await clerk?.close();
  });

  it('shows the warehouse an order the moment the order manager forwards it, and the manager the warehouse step', async () => {
    onTestFailed(async () => {
      await clerk.page.screenshot({ path: `${SCREENSHOT_DIR}/live-floor-clerk-failed.png`, fullPage: true });
      await manager.page.screenshot({
        path: `${SCREENSHOT_DIR}/live-floor-manager-failed.png`,
        fullPage: true,
      });
    });
    const { page: clerkPage } = clerk;
    await signInThroughUi(clerkPage, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    await clerkPage.getByTestId('menu-entry').filter({ hasText: 'Depo Sipariş Yönetimi' }).first().click();
    await clerkPage.getByRole('heading', { name: 'Depo Sipariş Yönetimi' }).waitFor();
    // Not the warehouse's yet.
    await clerkPage
      .getByText('Depoda bekleyen sipariş yok')
      .or(clerkPage.getByRole('row').nth(1))
      .first()
      .waitFor();
    expect(await warehouseRow(clerkPage, order.orderNumber).count()).toBe(0);

    const { page: managerPage } = manager;
    await signInThroughUi(managerPage, baseUrl, ORDER_MANAGER.userName, ORDER_MANAGER.password);
    await managerPage.getByTestId('menu-entry').filter({ hasText: 'Siparişler' }).first().click();
    const card = orderCard(managerPage, order.orderNumber);
    await card.waitFor();
    const control = card.locator('button[aria-expanded]').first();
    if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
    await card.getByRole('button', { name: 'Depo Operasyonuna Gönder' }).click();

    // The clerk's screen shows it by itself, marked as changed by someone else.
    const row = warehouseRow(clerkPage, order.orderNumber);
    await row.waitFor({ timeout: LIVE_WITHIN_MS });
    expect(await clerkPage.getByTestId('live-link-down').count()).toBe(0);
    await expect
      .poll(() => row.getAttribute('data-live-changed'), { timeout: LIVE_WITHIN_MS })
      .not.toBeNull();
    await screenshotFromTop(clerkPage, 'live-floor-warehouse');

    // And the other way: the clerk starts preparing; the manager's order shows it without "Ara".
    await row.getByRole('button', { name: 'Hazırlamaya Başla' }).click();
    await expect
      .poll(async () => (await row.getByTestId('item-status').textContent())?.trim())
      .toBe('Hazırlanıyor');
    await managerPage.getByLabel('Sipariş No').fill(String(order.orderNumber));
    const statuses = managerPage.getByRole('combobox', { name: 'Durum' });
    await statuses.click({ force: true });
    await managerPage.getByRole('option', { name: 'Tümü' }).click();
    await managerPage.keyboard.press('Escape');
    await managerPage.getByRole('button', { name: 'Ara', exact: true }).click();
    const found = orderCard(managerPage, order.orderNumber);
    await found.waitFor();
    const foundControl = found.locator('button[aria-expanded]').first();
    if ((await foundControl.getAttribute('aria-expanded')) !== 'true') await foundControl.click();
    const item = found.getByTestId('order-item').first();
    await expect
      .poll(async () => (await item.getByTestId('item-status').textContent())?.trim())
      .toBe('Hazırlanıyor');

    // The manager searched once; now the warehouse makes it ready, and the open order follows.
    await row.getByRole('button', { name: 'Hazırlandı, Yüklemeye Geç' }).click();
    await expect
      .poll(async () => (await item.getByTestId('item-status').textContent())?.trim(), {
        timeout: LIVE_WITHIN_MS,
      })
      .toBe('Hazırlandı, Yükleme Bekliyor');
    await screenshotFromTop(managerPage, 'live-floor-manager');
  });
});
