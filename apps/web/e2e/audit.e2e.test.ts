import type { Order } from '@mandira/contract/orders';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { ApiSeeder, buyerWithBranch, placedOrder, stockedProduct } from './seed.ts';
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
  let adminId: number;
  let adminName: string;
  let clerkPassword: string;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({
      ...OFFICE,
      name: 'Hülya',
      surname: 'Şahin',
      roles: ['BACKOFFICE_ADMIN', 'ORDER_MANAGER'],
    });
    const clerk = await seeder.createUser({
      ...CLERK,
      name: 'Oğuz',
      surname: 'Kılıç',
      roles: ['WAREHOUSE_STAFF'],
    });
    const admin = await seeder.call<{ id: number; name: string; surname: string; userName: string }>(
      'GET',
      '/user-access/me',
    );
    adminId = admin.id;
    adminName = `${admin.name} ${admin.surname}`.trim() || admin.userName;
    const { buyer, branch } = await buyerWithBranch(seeder, BUYER, {
      code: 'MERKEZ',
      title: 'Çeşme Merkez',
      latitude: 38.3236,
      longitude: 26.3028,
    });
    const product = await stockedProduct(seeder, PRODUCT, 12);
    order = await placedOrder(
      seeder,
      { buyerId: buyer.id, productId: product.id, boxes: 1 },
      { buyerBranch: branch.id, buyerRequestReferenceCode: 'GECMIS-1' },
      'approved',
    );
    await seeder.call('POST', '/accounting/pay-order', {
      orderId: order.id,
      payType: 'CASH',
      reason: 'ORDER_PAYMENT',
      amount: 120,
    });
    // The clerk is given a new password: a write on a user the trail names by the user's name.
    const renewed = await seeder.call<{ generatedPass: string }>(
      'GET',
      `/user-access/generate-pass?userAccessId=${clerk.id}`,
    );
    clerkPassword = renewed.generatedPass;
    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lists an order’s whole story in Turkish, newest first, records by their names, and exports it', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/audit-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, OFFICE.userName, OFFICE.password);
    expect(await menuLabels(page)).toContain('İşlem Geçmişi');
    await page.getByTestId('menu-entry').filter({ hasText: 'İşlem Geçmişi' }).first().click();
    await page.getByRole('heading', { name: 'İşlem Geçmişi' }).waitFor();

    await page.goto(`${baseUrl}/islem-gecmisi?entityType=ORDER&entityId=${order.id}`);
    const orderName = `${order.orderNumber} · ${BUYER.title}`;
    // The record filter shows the order by its name, not its number.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Kayıt', exact: true }).inputValue(), {
        timeout: 10_000,
      })
      .toBe(orderName);
    const rows = page.getByRole('row').filter({ hasText: 'Sipariş' });
    await rows.first().waitFor();
    // Newest first: the payment, the item's approval, the review, then the order's creation.
    const texts = await rows.allTextContents();
    const at = (action: string) => texts.findIndex((text) => text.includes(action));
    expect(at('Ödeme')).toBeGreaterThanOrEqual(0);
    expect(at('Ödeme')).toBeLessThan(at('Onay'));
    expect(at('Onay')).toBeLessThan(at('İncelemeye Al'));
    expect(at('İncelemeye Al')).toBeLessThan(at('Oluşturma'));
    const all = texts.join(' ');
    expect(all).toContain(`Sipariş Kalemi: ${order.orderNumber} · ${PRODUCT.name}`);
    expect(all).toContain(`Sipariş: ${orderName}`);
    expect(all).toContain(`Müşteri: — → ${BUYER.title}`);
    expect(all).toContain('Durum: Onay Bekliyor → Onaylandı');
    expect(all).toContain('Ödeme tipi: — → Nakit');
    // No code and no bare record number: FORWARD_TO_IN_REVIEW, WAITING_FOR_APPROVAL, 'Sipariş #12'.
    expect(all).not.toMatch(/[A-Z]{2,}_[A-Z]|#\d/);
    await screenshotFromTop(page, 'audit-order-story');

    const { sheet } = await downloadExcel(page);
    const exported = sheet.getSheetValues().flat().map(String).join(' ');
    expect(exported).toContain('Oluşturma');
    expect(exported).toContain(`Müşteri: — → ${BUYER.title}`);
  });

  it('names stock lines and stock actions, and picks a record and a user by name', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/islem-gecmisi?entityType=STOCK`);
    const goodsIn = page.getByRole('row').filter({ hasText: `Stok: ${PRODUCT.name} · ` });
    await goodsIn.first().waitFor();
    expect(await goodsIn.first().textContent()).toContain('Üretimden Mal Girişi');

    // A record by kind and name: the clerk's new password.
    await page.goto(`${baseUrl}/islem-gecmisi`);
    // The whole trail, written by every screen of the suite, is checked link by link.
    await page.getByRole('button', { name: 'Denetim Kaydını Doğrula' }).click();
    const verdict = page.getByRole('status').filter({ hasText: 'Denetim kaydı sağlam' });
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(/Son halka: \d+:[0-9a-f]{64}/);
    await page.getByRole('combobox', { name: 'Kayıt türü', exact: true }).click();
    await page.getByRole('option', { name: 'Kullanıcı', exact: true }).click();
    await page.getByRole('combobox', { name: 'Kayıt', exact: true }).fill('oğuz');
    await page.getByRole('option', { name: 'Oğuz Kılıç' }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('entityType'), { timeout: 10_000 })
      .toBe('USER');
    const clerkRows = page.getByRole('row').filter({ hasText: 'Kullanıcı: Oğuz Kılıç' });
    await clerkRows.filter({ hasText: 'Yeni Şifre Oluşturma' }).first().waitFor();
    expect(await clerkRows.count()).toBe(2);
    await screenshotFromTop(page, 'audit-record-picked');

    // A user by name: everything the administrator wrote on the clerk.
    await page.getByRole('combobox', { name: 'Kullanıcı', exact: true }).fill(adminName.split(' ')[0]!);
    await page.getByRole('option', { name: adminName }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('actorId'), { timeout: 10_000 })
      .toBe(String(adminId));
    await clerkRows.first().waitFor();
    const actors = await page.getByRole('row').filter({ hasText: 'Oğuz Kılıç' }).allTextContents();
    expect(actors.every((text) => text.includes(adminName))).toBe(true);
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
    const drawer = page.getByRole('dialog', {
      name: `Geçmiş · Sipariş: ${order.orderNumber} · ${BUYER.title}`,
    });
    await drawer.getByTestId('audit-entry').first().waitFor();
    expect(await drawer.getByTestId('audit-entry').count()).toBeGreaterThanOrEqual(4);
    const story = await drawer.textContent();
    expect(story).toContain('İncelemeye Al');
    expect(story).toContain(`Sipariş Kalemi: ${order.orderNumber} · ${PRODUCT.name}`);
    expect(story).toContain('Durum: Onay Bekliyor → Onaylandı');
    expect(story).not.toMatch(/[A-Z]{2,}_[A-Z]/);
    await screenshotFromTop(page, 'audit-order-drawer');
  });

  it('keeps the trail from warehouse staff: no menu entry, no Geçmiş, and the server refuses', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, CLERK.userName, clerkPassword);
    expect(await menuLabels(page)).not.toContain('İşlem Geçmişi');
    const statuses = await page.evaluate(
      async (token) =>
        Promise.all(
          ['/api/audit', '/api/audit/chain'].map(
            async (path) => (await fetch(path, { headers: { 'auth-token': token ?? '' } })).status,
          ),
        ),
      await storedToken(page),
    );
    expect(statuses).toEqual([403, 403]);
  });
});
