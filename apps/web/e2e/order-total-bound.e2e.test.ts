import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder, productItemBody, stockIn } from './seed.ts';
import { signInThroughUi, signOutThroughUi, tableRow } from './ui.ts';

const baseUrl = inject('baseUrl');
const MANAGER = { userName: 'tutar.siniri.e2e', password: 'tutar-siniri-1234' };
const BUYER = { code: 'E2E-T01', title: 'Sınır Toptan Gıda A.Ş.', name: 'Gül', surname: 'Şahin' };
const PRODUCT = 'Altın Kaşar 1500 g';

async function addBoxes(page: Page, boxes: number) {
  const line = tableRow(page, PRODUCT);
  await line.getByLabel(`${PRODUCT} koli adedi`).fill(String(boxes));
  await line.getByRole('button', { name: 'Sepete Ekle' }).click();
}

describe('a basket past the most an order can total, as an order manager', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...MANAGER, name: 'Kerem', surname: 'Aydın', roles: ['ORDER_MANAGER'] });
    await seeder.createBuyer(BUYER);
    const item = await seeder.createProductItem(productItemBody('E2E-9901', PRODUCT));
    await stockIn(seeder, item, [{ pieces: 5000 }]);
    // A box of one piece at a billion lira: 1,000 boxes would pass 999.999.999.999,99 TL.
    await seeder.call('POST', '/products', {
      name: PRODUCT,
      price: 1_000_000_000,
      quantityInsideBox: 1,
      productBundle: [{ productItemId: item.id, quantity: 1 }],
    });
    browser = await openBrowser();
  });

  afterAll(() => browser?.close());

  it("refuses the box that would pass it with the server's message, and the basket keeps its total", async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, MANAGER.userName, MANAGER.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Sipariş Sepeti Oluşturma' }).first().click();
    await page.getByRole('heading', { name: 'Sipariş Sepeti Oluşturma' }).waitFor();
    const buyer = page.getByRole('combobox', { name: 'Müşteri', exact: true });
    await buyer.fill('sınır');
    await page.getByRole('option', { name: new RegExp(BUYER.title) }).click();
    await addBoxes(page, 999);
    await page.getByText('Sepete Eklenmiştir').waitFor();
    await addBoxes(page, 1);
    await page
      .getByText(
        'Sepet tutarı 1.000.000.000.000,00 ₺ olurdu; bir sepet ve sipariş en çok 999.999.999.999,99 ₺ tutabilir. Hiçbir değişiklik yapılmadı.',
      )
      .waitFor();
    await screenshot(page, 'orders-total-bound-refused');

    await page.getByTestId('menu-entry').filter({ hasText: 'Sipariş Sepetleri' }).first().click();
    // Other test files fill baskets too: this buyer is found by its code on the server.
    await page.getByRole('textbox', { name: 'Müşteri ara' }).fill(BUYER.code);
    const basket = page.getByTestId('basket').filter({ hasText: BUYER.title });
    await basket.waitFor();
    expect(await basket.textContent()).toContain('999.000.000.000,00');
    await screenshot(page, 'orders-total-bound-basket');
    await signOutThroughUi(page);
  });
});
