import type { Buyer, BuyerWarehouse } from '@mandira/contract/buyers';
import { istanbulDate } from '@mandira/contract/istanbul-time';
import type { Order } from '@mandira/contract/orders';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { ApiSeeder, stockedProduct } from './seed.ts';
import { SCREENSHOT_DIR } from './settings.ts';
import { downloadExcel, menuLabels, screenshotFromTop, signInThroughUi, storedToken } from './ui.ts';
import { LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
/** An office manager who also reviews orders: İşlem Geçmişi and the Geçmiş drawer of an order. */
const OFFICE = { userName: 'ofis.gecmis.e2e', password: 'ofis-gecmis-1234' };
const CLERK = { userName: 'depo.gecmis.e2e', password: 'depo-gecmis-1234' };
const BUYER = {
  code: 'E2E-GCM1',
  title: 'Çeşme Şarküteri ve Kahvaltı Evi',
  name: 'Gülşen',
  surname: 'Öztürk',
};
const PRODUCT = { code: 'GCM-4410', name: 'Bergama Tulum Peyniri 1,5 kg', price: 520 };

describe('who did what: İşlem Geçmişi and an order’s Geçmiş', () => {
  let browser: BrowserSession;
  let order: Order;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({
      ...OFFICE,
      name: 'Hülya',
      surname: 'Şahin',
      roles: ['BACKOFFICE_ADMIN', 'ORDER_MANAGER'],
    });
    await seeder.createUser({ ...CLERK, name: 'Oğuz', surname: 'Kılıç', roles: ['WAREHOUSE_STAFF'] });
    const buyer = await seeder.call<Buyer>('POST', '/buyers', BUYER);
    const branch = await seeder.call<BuyerWarehouse>('POST', '/buyers/warehouses', {
      buyerId: buyer.id,
      code: 'MERKEZ',
      title: 'Çeşme Merkez',
      latitude: 38.3236,
      longitude: 26.3028,
    });
    const product = await stockedProduct(seeder, PRODUCT, 12);
    await seeder.call('POST', '/admin/baskets', { buyerId: buyer.id, productId: product.id, boxQuantity: 1 });
    order = await seeder.call<Order>('POST', '/admin/baskets/apply-to-order', {
      buyerId: buyer.id,
      buyerBranch: branch.id,
      buyerRequestReferenceCode: 'GECMIS-1',
      plannedShipmentDate: istanbulDate(new Date()),
    });
    await seeder.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`);
    await seeder.call('PUT', `/orders/${order.id}/order-item/${order.orderItems[0]!.id}?action=APPROVE`);
    await seeder.call('POST', '/accounting/pay-order', {
      orderId: order.id,
      payType: 'CASH',
      reason: 'ORDER_PAYMENT',
      amount: 120,
    });
    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lists an order’s whole story, newest first, and exports it', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/audit-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, OFFICE.userName, OFFICE.password);
    expect(await menuLabels(page)).toContain('İşlem Geçmişi');
    await page.getByTestId('menu-entry').filter({ hasText: 'İşlem Geçmişi' }).first().click();
    await page.getByRole('heading', { name: 'İşlem Geçmişi' }).waitFor();

    await page.goto(`${baseUrl}/islem-gecmisi?entityType=ORDER&entityId=${order.id}`);
    const rows = page.getByRole('row').filter({ hasText: `Sipariş` });
    await rows.first().waitFor();
    // Each row's action cell carries its code: newest first, the payment, the item's approval, the
    // review, then the order's creation.
    const actions = await page
      .getByRole('row')
      .evaluateAll((found) =>
        found.map((row) => row.querySelector('[title]')?.getAttribute('title') ?? null),
      );
    const codes = actions.filter((code): code is string => code !== null);
    const at = (code: string) => codes.indexOf(code);
    expect(at('PAY_ORDER')).toBeGreaterThanOrEqual(0);
    expect(at('PAY_ORDER')).toBeLessThan(at('APPROVE'));
    expect(at('APPROVE')).toBeLessThan(at('FORWARD_TO_IN_REVIEW'));
    expect(at('FORWARD_TO_IN_REVIEW')).toBeLessThan(at('CREATE'));
    const texts = await rows.allTextContents();
    expect(texts.join(' ')).toContain(`Sipariş Kalemi #${order.orderItems[0]!.id}`);
    await screenshotFromTop(page, 'audit-order-story');

    const { sheet } = await downloadExcel(page);
    const exported = sheet.getSheetValues().flat().map(String).join(' ');
    expect(exported).toContain('Oluşturma');
    expect(exported).toContain('Ödeme');
  });

  it('opens the order’s Geçmiş from the order itself', async () => {
    const { page } = browser;
    await page.getByTestId('menu-entry').filter({ hasText: 'Siparişler' }).first().click();
    const card = page
      .getByTestId('order')
      .filter({ has: page.getByText(`Sipariş ${order.orderNumber}`, { exact: true }) });
    await card.waitFor();
    const control = card.locator('button[aria-expanded]').first();
    if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
    await card.getByRole('button', { name: 'Geçmiş' }).click();
    const drawer = page.getByRole('dialog', { name: `Geçmiş · Sipariş #${order.id}` });
    await drawer.getByTestId('audit-entry').first().waitFor();
    expect(await drawer.getByTestId('audit-entry').count()).toBeGreaterThanOrEqual(4);
    expect(await drawer.textContent()).toContain('İncelemeye Al');
    await screenshotFromTop(page, 'audit-order-drawer');
  });

  it('keeps the trail from warehouse staff: no menu entry, no Geçmiş, and the server refuses', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, CLERK.userName, CLERK.password);
    expect(await menuLabels(page)).not.toContain('İşlem Geçmişi');
    const status = await page.evaluate(
      async (token) => {
        const answer = await fetch('/api/audit', { headers: { 'auth-token': token ?? '' } });
        return answer.status;
      },
      await storedToken(page),
    );
    expect(status).toBe(403);
  });
});
