import type { Buyer } from '@mandira/contract/buyers';
import { istanbulDate } from '@mandira/contract/istanbul-time';
import type { MyWork } from '@mandira/contract/my-work';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder, stockedProduct } from './seed.ts';
import { signInThroughUi } from './ui.ts';

const baseUrl = inject('baseUrl');
const MANAGER = { userName: 'is.listesi.e2e', password: 'is-listesi-1234' };

describe("Ana Sayfa: the order manager's waiting work", () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...MANAGER, name: 'Derya', surname: 'Işık', roles: ['ORDER_MANAGER'] });
    const buyer = await seeder.call<Buyer>('POST', '/buyers', {
      code: 'E2E-IS1',
      title: 'Ayvalık Zeytin ve Peynir Evi',
      name: 'Nur',
      surname: 'Çelik',
    });
    const product = await stockedProduct(
      seeder,
      { code: 'STK-8901', name: 'Dil Peyniri 1,5 kg', price: 300 },
      120,
    );
    // Two orders placed today, waiting for review.
    for (let order = 0; order < 2; order += 1) {
      await seeder.call('POST', '/admin/baskets', {
        buyerId: buyer.id,
        productId: product.id,
        boxQuantity: 1,
      });
      await seeder.call('POST', '/admin/baskets/apply-to-order', {
        buyerId: buyer.id,
        plannedShipmentDate: istanbulDate(new Date()),
      });
    }
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the count of orders waiting for review and opens the order screen filtered to them', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'my-work-failed');
    });
    await signInThroughUi(page, baseUrl, MANAGER.userName, MANAGER.password);
    const token = await page.evaluate(() => localStorage.getItem('mandira-portal.auth-token'));
    const work = (await (
      await fetch(`${baseUrl}/api/dashboard/my-work`, { headers: { 'auth-token': token! } })
    ).json()) as { data: MyWork };
    const waiting = work.data.find((item) => item.key === 'ORDERS_WAITING_REVIEW')!;
    // Other suites share the database: at least this suite's two orders wait.
    expect(waiting.count).toBeGreaterThanOrEqual(2);
    // The order manager has no warehouse, shipment or accounting screen, so no card of theirs.
    expect(work.data.map((item) => item.key)).toEqual(['ORDERS_WAITING_REVIEW', 'MILK_DELIVERIES_TODAY']);

    const card = page.locator('[data-testid="my-work-card"][data-key="ORDERS_WAITING_REVIEW"]');
    await card.waitFor();
    expect(await card.getByTestId('my-work-count').textContent()).toBe(waiting.count.toLocaleString('tr-TR'));
    expect(await card.textContent()).toContain('İnceleme bekleyen siparişler');
    await screenshot(page, 'my-work-dashboard');

    await card.click();
    await page.waitForURL('**/siparisler?status=WAITING_FOR_REVIEW&period=365');
    await page.getByRole('heading', { name: 'Siparişler' }).waitFor();
    // The filter bar shows the link's filters, and the list holds exactly the card's orders.
    await page.getByTestId('order-count').filter({ hasText: 'sipariş' }).waitFor();
    expect(await page.getByTestId('order-count').textContent()).toBe(
      `${waiting.count.toLocaleString('tr-TR')} sipariş`,
    );
    expect(await page.getByRole('combobox', { name: 'Dönem' }).inputValue()).toBe('Son 365 gün');
    expect(await page.getByTestId('order').count()).toBe(Math.min(waiting.count, 25));
    await screenshot(page, 'my-work-orders-filtered');
  });
});
