import type { CreateBuyerBody } from '@mandira/contract/buyers';
import { istanbulDate } from '@mandira/contract/istanbul-time';
import type { Order } from '@mandira/contract/orders';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { ApiSeeder, type StockIn, stockedProduct } from './seed.ts';
import { openMenu, screenshotFromTop, signInThroughUi, signOutThroughUi, tableRow } from './ui.ts';
import { LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
const MANAGER = { userName: 'fiyat.siparis.e2e', password: 'fiyat-siparis-1234' };
const FINANCE = { userName: 'fiyat.finans.e2e', password: 'fiyat-finans-1234' };
const BUYER: CreateBuyerBody = { code: 'E2E-P01', title: 'Bandırma Kaymakçısı', name: 'Eda', surname: 'Şen' };
/** 1500 g products, 6 to a box; the cream sells at ₺38,75 list less ₺1,25: ₺37,50 charged. */
const KAYMAK = { code: 'STK-8601', name: 'Manda Kaymağı 1500 g', price: 38.75, discount: 1.25 };
const COKELEK = { code: 'STK-8602', name: 'Köy Çökeleği 1500 g', price: 20, discount: 0 };
/** A gift pack of the same cream item: its 600 pieces are shared with the cream (decision 143). */
const HEDIYELIK = { code: 'STK-8603', name: 'Manda Kaymağı Hediyelik 1500 g', price: 45, discount: 0 };

function orderCard(page: Page, orderNumber: number): Locator {
  return page.getByTestId('order').filter({ has: page.getByText(`Sipariş ${orderNumber}`, { exact: true }) });
}

describe('one price and one meaning per figure, as the order manager and finance', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  let buyerId: number;
  const productIds = new Map<string, number>();
  let creamItemId = 0;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...MANAGER, name: 'Derya', surname: 'Güneş', roles: ['ORDER_MANAGER'] });
    await seeder.createUser({ ...FINANCE, name: 'Cem', surname: 'Öğüt', roles: ['FINANCE_ADMIN'] });
    buyerId = (await seeder.createBuyer(BUYER)).id;
    for (const product of [KAYMAK, COKELEK]) {
      const stock: StockIn[] = [{ pieces: 600 }];
      // Returned curd past its expiry date: on hand, never available (decision 155).
      if (product === COKELEK) {
        const yesterday = istanbulDate(new Date(Date.now() - 86_400_000));
        stock.push({ pieces: 12, type: 'RETURN_INBOUND', lot: { code: 'IADE-8602', expiryDate: yesterday } });
      }
      const created = await stockedProduct(seeder, product, stock, { packagingUnitTypeAmount: 1500 });
      productIds.set(product.name, created.id);
      if (product === KAYMAK) creamItemId = created.item.id;
    }
    await seeder.call('POST', '/products', {
      name: HEDIYELIK.name,
      stockCode: HEDIYELIK.code,
      price: HEDIYELIK.price,
      discount: HEDIYELIK.discount,
      quantityInsideBox: 6,
      productBundle: [{ productItemId: creamItemId, quantity: 1 }],
    });
    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the charged price with its discount, says why 2,5 boxes cannot be added, and keeps buyer, group and basket in view', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({
        path: `${process.cwd()}/test-results/order-figures-failed.png`,
        fullPage: true,
      });
    });
    await signInThroughUi(page, baseUrl, MANAGER.userName, MANAGER.password);
    await openMenu(page, 'Sipariş Sepeti Oluşturma', 'Sipariş Sepeti Oluşturma', { level: 1 });
    const group = page.getByRole('combobox', { name: 'Ambalaj Grubu' });
    expect(await group.inputValue()).toBe('Tümü');
    const kaymak = tableRow(page, KAYMAK.name);
    await kaymak.waitFor();
    // The price the basket charges, with the list price struck through and the discount named.
    expect(await kaymak.getByTestId('net-price').textContent()).toBe('₺37,50');
    expect(await kaymak.getByTestId('price-discount').textContent()).toBe('₺38,75İndirim ₺1,25');
    expect(await tableRow(page, COKELEK.name).getByTestId('price-discount').count()).toBe(0);
    // The curd's 12 returned pieces are past their date: on hand, not available, and the cell says so.
    const curd = tableRow(page, COKELEK.name);
    expect(await curd.getByTestId('expired-pieces').textContent()).toBe('Süresi geçmiş: 12 adet');
    expect(await curd.getByTestId('available-pieces').textContent()).toBe('600 adet');
    expect(await kaymak.getByTestId('expired-pieces').count()).toBe(0);

    await page.getByRole('combobox', { name: 'Müşteri', exact: true }).fill('bandırma');
    await page.getByRole('option', { name: new RegExp(BUYER.title) }).click();
    const basket = page.getByTestId('current-basket');
    await basket.getByTestId('current-basket-empty').waitFor();

    // '2,5' boxes: the field says why, and the button adds nothing.
    const boxes = kaymak.getByLabel(`${KAYMAK.name} koli adedi`);
    await boxes.fill('2,5');
    expect(await kaymak.getByTestId('box-error').textContent()).toBe('Koli adedi tam sayı olmalıdır.');
    await kaymak.getByRole('button', { name: 'Sepete Ekle' }).click();
    expect(await kaymak.getByTestId('box-error').textContent()).toBe('Koli adedi tam sayı olmalıdır.');
    expect(await boxes.getAttribute('aria-invalid')).toBe('true');
    await screenshotFromTop(page, 'order-taking-box-not-whole');
    expect(await basket.getByTestId('current-basket-empty').count()).toBe(1);
    await boxes.fill('2');
    await kaymak.getByTestId('box-error').waitFor({ state: 'detached' });

    await kaymak.getByRole('button', { name: 'Sepete Ekle' }).click();
    await page.getByText('Sepete Eklenmiştir').waitFor();
    // 12 pieces at ₺37,50.
    await expect.poll(() => basket.getByTestId('current-basket-total').textContent()).toBe('₺450,00');
    expect(await basket.getByTestId('current-basket-line').textContent()).toContain('2 koli');
    // The columns say what they count: the price is a piece's, the baskets are every buyer's.
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(
      expect.arrayContaining([
        'Adet Fiyatı',
        'Depoda',
        'Sepette (tüm müşteriler)',
        'Siparişte',
        'Kullanılabilir',
      ]),
    );
    // The gift pack shares the cream's item: 600 on hand, none of its own in baskets, yet 588 available;
    // the cell names the 12 the cream's basket holds, and its tooltip says why.
    const gift = tableRow(page, HEDIYELIK.name);
    await expect.poll(() => gift.getByTestId('held-by-others').textContent()).toBe('ortak stok: −12 adet');
    const giftCells = (await gift.getByRole('cell').allInnerTexts()).map((text) => text.trim());
    expect(giftCells[headers.indexOf('Depoda')]).toBe('600');
    expect(giftCells[headers.indexOf('Sepette (tüm müşteriler)')]).toBe('0');
    expect(giftCells[headers.indexOf('Siparişte')]).toBe('0');
    expect(await gift.getByTestId('available-pieces').textContent()).toBe('588 adet');
    await gift.getByTestId('available-shared').hover();
    await page
      .getByRole('tooltip')
      .getByText(
        'Bu ürünün stok kalemi 1 başka ürünle ortak: onların sepet ve siparişleri için ayrılan 12 adet de düşüldü.',
      )
      .waitFor();
    await screenshotFromTop(page, 'order-taking-shared-item');
    // The cream's own 12 are in its Sepette column: its figures add up, and it says it shares the item.
    expect(await kaymak.getByTestId('held-by-others').textContent()).toBe('ortak stok');
    expect(await kaymak.getByTestId('available-pieces').textContent()).toBe('588 adet');
    const cokelek = tableRow(page, COKELEK.name);
    await cokelek.getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect.poll(() => basket.getByTestId('current-basket-total').textContent()).toBe('₺570,00');
    await group.click();
    await page.getByRole('option', { name: '1500 Gr', exact: true }).click();
    await screenshotFromTop(page, 'order-taking-basket-beside');

    // 'Sepetlere git' opens this buyer's basket alone, with the same net price and discount.
    await basket.getByRole('link', { name: 'Sepetlere git' }).click();
    await page.waitForURL(/\/siparis-sepetleri\?buyerId=\d+$/);
    await page
      .getByTestId('basket-of-buyer')
      .getByText(`Yalnızca ${BUYER.title} müşterisinin sepeti gösteriliyor.`)
      .waitFor();
    await expect.poll(() => page.getByTestId('basket-count').textContent()).toBe('1 sepet');
    const card = page.getByTestId('basket').filter({ hasText: BUYER.title });
    expect(await page.getByTestId('basket').count()).toBe(1);
    const line = tableRow(card, KAYMAK.name);
    expect(await line.getByTestId('net-price').textContent()).toBe('₺37,50');
    expect(await line.getByTestId('price-discount').textContent()).toBe('₺38,75İndirim ₺1,25');
    await screenshotFromTop(page, 'baskets-net-price');
    await page.getByRole('button', { name: 'Tüm sepetleri göster' }).click();
    await page.waitForURL(/\/siparis-sepetleri$/);
    await page.getByTestId('basket-of-buyer').waitFor({ state: 'detached' });

    // Back on order taking: the buyer, the group and the basket are as they were left.
    await openMenu(page, 'Sipariş Sepeti Oluşturma', 'Sipariş Sepeti Oluşturma', { level: 1 });
    expect(await page.getByRole('combobox', { name: 'Müşteri', exact: true }).inputValue()).toContain(
      BUYER.title,
    );
    expect(await group.inputValue()).toBe('1500 Gr');
    await expect.poll(() => basket.getByTestId('current-basket-total').textContent()).toBe('₺570,00');
    // A reload of the tab keeps them too.
    await page.reload();
    await page.getByRole('heading', { name: 'Sipariş Sepeti Oluşturma', level: 1 }).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Müşteri', exact: true }).inputValue())
      .toContain(BUYER.title);
    expect(await group.inputValue()).toBe('1500 Gr');
    await signOutThroughUi(page);
  });

  it('shows no approved amount before review, counts a canceled line at 0, and names billed and open for finance', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({
        path: `${process.cwd()}/test-results/order-figures-failed.png`,
        fullPage: true,
      });
    });
    const order = await seeder.call<Order>('POST', '/admin/baskets/apply-to-order', {
      buyerId,
      buyerRequestReferenceCode: 'BND-2026-7',
      plannedShipmentDate: istanbulDate(new Date()),
    });
    await signInThroughUi(page, baseUrl, MANAGER.userName, MANAGER.password);
    await openMenu(page, 'Siparişler', 'Siparişler', { level: 1 });
    const summary = orderCard(page, order.orderNumber);
    await summary.waitFor();
    expect(await summary.getByTestId('order-ordered').textContent()).toBe('₺570,00');
    expect(await summary.getByTestId('order-approved').textContent()).toBe('İncelenmedi');
    // Nothing is billed before review: the panel says so instead of 'Faturalanan ₺570,00'.
    await summary.locator('button[aria-expanded]').first().click();
    await expect
      .poll(() => summary.getByTestId('billed-figure').textContent())
      .toBe('Faturalanmadı (inceleme bitmedi)');
    await screenshotFromTop(page, 'orders-not-reviewed');

    // Review: the cream approved, the çökelek canceled.
    await seeder.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`);
    const [kaymakItem, cokelekItem] = [KAYMAK, COKELEK].map(
      (product) => order.orderItems.find((item) => item.productName === product.name)!,
    );
    await seeder.call('PUT', `/orders/${order.id}/order-item/${kaymakItem!.id}?action=APPROVE`);
    await seeder.call('PUT', `/orders/${order.id}/order-item/${cokelekItem!.id}/cancel`);
    await page.reload();
    const card = orderCard(page, order.orderNumber);
    await expect.poll(() => card.getByTestId('order-approved').textContent()).toBe('₺450,00');
    await card.locator('button[aria-expanded]').first().click();
    const canceled = card.getByTestId('order-item').filter({ hasText: COKELEK.name });
    await canceled.waitFor();
    expect(await canceled.getByTestId('item-approved-amount').textContent()).toBe('₺0,00');
    expect(await canceled.getByTestId('item-approved').textContent()).toBe('0 koli0 adet');
    const approved = card.getByTestId('order-item').filter({ hasText: KAYMAK.name });
    expect(await approved.getByTestId('price-discount').textContent()).toBe('₺38,75İndirim ₺1,25');
    const figures = await card.getByTestId('order-figures').textContent();
    expect(figures).toContain('Sipariş Tutarı₺570,00');
    expect(figures).toContain('Onaylanan Tutar₺450,00');
    // Every item reviewed, but the order is still in review: not billed yet.
    expect(figures).toContain('Faturalanan TutarFaturalanmadı (inceleme bitmedi)');
    await screenshotFromTop(page, 'orders-figures-reviewed');
    await signOutThroughUi(page);
    // Review ends: from now on the dealt total is billed.
    await seeder.call('PUT', `/order-action/FORWARD_TO_WAREHOUSE_OPERATION?id=${order.id}`);

    // Finance: the order's row says what was ordered, what is billed, paid and open.
    await signInThroughUi(page, baseUrl, FINANCE.userName, FINANCE.password);
    await page.goto(`${baseUrl}/musteri-finans-yonetimi?buyerId=${buyerId}`);
    const orderRow = tableRow(page, 'Yeni Sipariş');
    await orderRow.waitFor();
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(expect.arrayContaining(['İşlem Tutarı', 'Açık Tutar']));
    const cells = (await orderRow.getByRole('cell').allInnerTexts()).map((text) => text.trim());
    // Ordered ₺570 at placing; the canceled line leaves ₺450 billed, nothing paid, ₺450 open.
    expect(cells[headers.indexOf('İşlem Tutarı')]).toBe('₺570,00');
    expect(await orderRow.getByTestId('open-amount').innerText()).toBe(
      '₺450,00\nFaturalanan ₺450,00\nÖdenen/İade ₺0,00',
    );
    // The open amount stays in view at 1366 px, not behind the row's pay button.
    const open = await orderRow.getByTestId('open-amount').boundingBox();
    const pay = await orderRow.getByRole('button', { name: 'Öde', exact: true }).boundingBox();
    expect(open!.x + open!.width).toBeLessThanOrEqual(pay!.x);
    expect(await page.getByTestId('card-orders').textContent()).toContain('Sipariş Tutarları');
    // The canceled line's ₺120 comes off as an adjustment, as the statement shows it (decision 143).
    const adjustment = tableRow(page, 'Sipariş tutarı düzeltmesi');
    const adjustmentCells = (await adjustment.getByRole('cell').allInnerTexts()).map((text) => text.trim());
    expect(adjustmentCells[headers.indexOf('İşlem Tutarı')]).toBe('-₺120,00');
    expect(adjustmentCells[headers.indexOf('Sipariş No')]).toBe(String(order.orderNumber));
    await screenshotFromTop(page, 'accounting-order-figures');
    await page.getByRole('tab', { name: 'Hesap Ekstresi' }).click();
    await page
      .getByRole('tabpanel', { name: 'Hesap Ekstresi' })
      .getByText('Sipariş tutarı düzeltmesi')
      .first()
      .waitFor();
    await signOutThroughUi(page);
  });
});
