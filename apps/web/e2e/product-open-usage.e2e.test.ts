import type { Basket } from '@mandira/contract/baskets';
import type { OrderPage } from '@mandira/contract/order-query';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder, placedOrder, productItemBody, stockIn } from './seed.ts';
import { dialog, signInThroughUi } from './ui.ts';

const baseUrl = inject('baseUrl');
const SALES = { userName: 'satis.fiyat.e2e', password: 'satis-fiyat-1234' };
const PRODUCT = 'Kahvaltılık Kaymak ve Bal';

describe('a price or bundle edit says which open baskets and orders it reaches, as the sales administrator', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  let productId: number;
  const buyers: number[] = [];

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...SALES, name: 'Gökçe', surname: 'Şahin', roles: ['SALES_ADMIN'] });
    const lines = [];
    for (const [code, name] of [
      ['E2E-7701', 'Manda Kaymağı'],
      ['E2E-7702', 'Petek Bal'],
    ] as const) {
      const item = await seeder.createProductItem(productItemBody(code, name));
      await stockIn(seeder, item, [{ pieces: 600 }]);
      lines.push({ productItemId: item.id, quantity: 1 });
    }
    productId = (
      await seeder.call<{ id: number }>('POST', '/products', {
        name: PRODUCT,
        stockCode: 'SP-E2E-77',
        price: 40,
        quantityInsideBox: 6,
        productBundle: lines,
      })
    ).id;
    await seeder.call('POST', '/products', {
      name: 'Tek Manda Kaymağı',
      price: 25,
      quantityInsideBox: 6,
      productBundle: [lines[0]],
    });
    for (const [code, title] of [
      ['E2E-U01', 'Ayvalık Şarküteri'],
      ['E2E-U02', 'Ödemiş Gıda'],
      ['E2E-U03', 'Bursa Kahvaltı Salonu'],
    ] as const) {
      buyers.push((await seeder.createBuyer({ code, title, name: 'Ali', surname: 'Işık' })).id);
    }
    // Two baskets (2 boxes and 1 box) and one placed order of 1 box.
    const [first, second, third] = buyers as [number, number, number];
    await seeder.call('POST', '/admin/baskets', { buyerId: first, productId, boxQuantity: 2 });
    await placedOrder(
      seeder,
      { buyerId: second, productId, boxes: 1 },
      { buyerRequestReferenceCode: 'CAN-1', plannedShipmentDate: '2099-12-31' },
    );
    await seeder.call('POST', '/admin/baskets', { buyerId: third, productId, boxQuantity: 1 });
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the counts on opening, says what saving does once the price or bundle changes, and keeps the order', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, SALES.userName, SALES.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Satılabilir Ürünler' }).click();
    await page.getByRole('heading', { name: 'Satılabilir Ürün Listesi' }).waitFor();
    await page.getByRole('row').filter({ hasText: PRODUCT }).getByRole('button', { name: 'Düzenle' }).click();
    const form = dialog(page, 'Satış Ürününü Düzenle');
    const notice = form.getByTestId('open-usage');
    await notice
      .getByText('Bu ürün 2 müşteri sepetinde (18 adet) ve 1 açık siparişte (6 adet).', {
        exact: false,
      })
      .waitFor();
    expect(await notice.textContent()).not.toContain('Kaydedince');
    await screenshot(page, 'product-open-usage-opened');

    await form.getByRole('textbox', { name: 'Fiyat (₺)' }).fill('45,5');
    await notice
      .getByText('Kaydedince yeni fiyat 2 açık sepete uygulanır; 1 açık sipariş değişmez.')
      .waitFor();
    await form.getByRole('button', { name: 'Petek Bal içerikten çıkar' }).click();
    await notice
      .getByText('Kaydedince yeni fiyat ve içerik 2 açık sepete uygulanır; 1 açık sipariş değişmez.')
      .waitFor();
    await screenshot(page, 'product-open-usage');

    // Back to the saved price: only the bundle is new.
    await form.getByRole('textbox', { name: 'Fiyat (₺)' }).fill('40');
    await notice
      .getByText('Kaydedince yeni içerik 2 açık sepete uygulanır; 1 açık sipariş değişmez.')
      .waitFor();
    await form.getByRole('textbox', { name: 'Fiyat (₺)' }).fill('45,5');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.waitFor({ state: 'hidden' });

    // The baskets take the new price; the placed order keeps the one it was placed with.
    const baskets = await seeder.call<Basket[]>('GET', '/admin/baskets');
    expect(baskets.find((basket) => basket.buyerId === buyers[0])!.totalPrice).toBe(546);
    const orders = await seeder.call<OrderPage>('GET', '/orders?size=100');
    const order = orders.orders.find((one) => one.buyerId === buyers[1])!;
    expect(order.orderItems[0]).toMatchObject({ unitPrice: 40, netUnitPrice: 40 });
    expect(order.orderItems[0]!.productContent).toHaveLength(2);
    expect(order.amountSummary.totalPriceOnTransaction).toBe(240);

    // A product nobody holds yet: the new price is for the baskets to come.
    await page
      .getByRole('row')
      .filter({ hasText: 'Tek Manda Kaymağı' })
      .getByRole('button', { name: 'Düzenle' })
      .click();
    const lone = form.getByTestId('open-usage');
    await lone.getByText('Bu ürün şu an hiçbir sepette ve açık siparişte yok.').waitFor();
    await form.getByRole('textbox', { name: 'Fiyat (₺)' }).fill('27,5');
    await lone.getByText('Kaydedince yeni fiyat bundan sonraki sepetlere uygulanır.').waitFor();
    await screenshot(page, 'product-open-usage-none');
  });
});
