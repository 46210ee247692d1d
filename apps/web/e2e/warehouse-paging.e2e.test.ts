import type { Order } from '@mandira/contract/orders';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { ApiSeeder, buyerWithBranch, placedOrder, stockedProduct } from './seed.ts';
import { SCREENSHOT_DIR } from './settings.ts';
import { screenshotFromTop, signInThroughUi } from './ui.ts';
import { LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
const WAREHOUSE = { userName: 'depo.sayfa.e2e', password: 'depo-sayfa-1234' };
const BUYER = {
  code: 'E2E-DS01',
  title: 'Edremit Zeytin ve Kahvaltılık A.Ş.',
  name: 'Ümit',
  surname: 'Öztürk',
};
const PRODUCT = { code: 'DSY-5120', name: 'Ayvalık Kahvaltılık Siyah Zeytin 1,5 kg', price: 310 };
/** One more than the screen's page of 25 orders: the first of them is on the second page. */
const ORDERS = 26;

/** The row of an order of this test: its number stands alone in the first cell. */
function orderRow(page: Page, orderNumber: number) {
  return page
    .getByRole('row')
    .filter({ hasText: PRODUCT.name })
    .filter({ has: page.getByText(String(orderNumber), { exact: true }) });
}

describe('the warehouse list, page by page', () => {
  let browser: BrowserSession;
  const orders: Order[] = [];

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...WAREHOUSE, name: 'Serkan', surname: 'Doğan', roles: ['WAREHOUSE_STAFF'] });
    const { buyer, branch } = await buyerWithBranch(seeder, BUYER, {
      code: 'MERKEZ',
      title: 'Edremit Merkez',
      latitude: 39.5961,
      longitude: 27.0244,
    });
    const product = await stockedProduct(seeder, PRODUCT, ORDERS * 6);
    for (let index = 1; index <= ORDERS; index++) {
      const order = await placedOrder(
        seeder,
        { buyerId: buyer.id, productId: product.id, boxes: 1 },
        { buyerBranch: branch.id, buyerRequestReferenceCode: `DS-${index}` },
        'warehouse',
      );
      orders.push(order);
    }
    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the newest orders first, pages to the older ones and keeps the page after a step', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/warehouse-paging-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Depo Sipariş Yönetimi' }).first().click();
    await page.getByRole('heading', { name: 'Depo Sipariş Yönetimi' }).waitFor();

    const newest = orders.at(-1)!;
    const oldest = orders[0]!;
    await orderRow(page, newest.orderNumber).waitFor();
    expect(await orderRow(page, oldest.orderNumber).count()).toBe(0);
    // The rows are items, the pages count orders: the count says both.
    expect(await page.getByTestId('table-count').textContent()).toMatch(
      /^Bu sayfada 25 sipariş · \d+ kalem · toplam \d+ sipariş$/,
    );
    await screenshotFromTop(page, 'warehouse-paging-first');

    await page.getByRole('button', { name: 'Sonraki sayfa' }).click();
    const row = orderRow(page, oldest.orderNumber);
    await row.waitFor();
    expect(await orderRow(page, newest.orderNumber).count()).toBe(0);

    // A step answers the changed order; the screen refetches the page it shows and stays on it.
    await row.getByRole('button', { name: 'Hazırlamaya Başla' }).click();
    await expect.poll(() => row.getByTestId('item-status').textContent()).toBe('Hazırlanıyor');
    expect(await orderRow(page, newest.orderNumber).count()).toBe(0);
    await screenshotFromTop(page, 'warehouse-paging-second');

    // The Excel file holds every page, not the one shown.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    const cells = sheet.getColumn(1).values.map((value) => String(value));
    for (const order of orders) expect(cells).toContain(String(order.orderNumber));
  });
});
