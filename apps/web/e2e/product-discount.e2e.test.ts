import type { Product } from '@mandira/contract/sellable-products';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder } from './seed.ts';
import { dialog, signInThroughUi, signOutThroughUi, tableRow } from './ui.ts';

const baseUrl = inject('baseUrl');
const SALES = { userName: 'indirim.e2e', password: 'indirim-e2e-1234' };

describe('the discount of a sellable product, as a sales administrator', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...SALES, name: 'Deniz', surname: 'Güneş', roles: ['SALES_ADMIN'] });
    await seeder.call('POST', '/products', { name: 'İndirimli Kaşar 700 g', price: 10, discount: 2 });
    browser = await openBrowser();
  });

  afterAll(() => browser?.close());

  it('refuses a discount above the price on its field, and saves one equal to the price', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, SALES.userName, SALES.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Satılabilir Ürünler' }).click();
    await page.getByRole('heading', { name: 'Satılabilir Ürün Listesi' }).waitFor();
    await tableRow(page, 'İndirimli Kaşar 700 g').getByRole('button', { name: 'Düzenle' }).click();
    const form = dialog(page, 'Satış Ürününü Düzenle');
    await form.getByRole('textbox', { name: 'İndirim (₺)' }).fill('50');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.getByText('İndirim (adet başına ₺) fiyattan büyük olamaz.').waitFor();
    await screenshot(page, 'products-discount-above-price');
    const unchanged = await seeder.call<Product[]>('GET', '/products');
    expect(unchanged.find((one) => one.name === 'İndirimli Kaşar 700 g')).toMatchObject({ discount: 2 });

    await form.getByRole('textbox', { name: 'Fiyat (₺)' }).fill('1512,7');
    await form.getByRole('textbox', { name: 'İndirim (₺)' }).fill('1512,7');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.waitFor({ state: 'hidden' });
    const saved = await seeder.call<Product[]>('GET', '/products');
    expect(saved.find((one) => one.name === 'İndirimli Kaşar 700 g')).toMatchObject({
      price: 1512.7,
      discount: 1512.7,
    });
    await signOutThroughUi(page);
  });
});
