import type { CreateBuyerBody } from '@mandira/contract/buyers';
import type { ProductItem } from '@mandira/contract/products';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot as pageScreenshot } from './browser.ts';
import { ApiSeeder, placedOrder, stockedProduct } from './seed.ts';
import {
  columnTexts,
  dialog,
  downloadExcel,
  menuLabels,
  openMenu,
  signInThroughUi,
  signOutThroughUi,
} from './ui.ts';

const baseUrl = inject('baseUrl');
const MANAGER = { userName: 'siparis.yonetici.e2e', password: 'siparis-yonetici-1234' };

const BUYERS: CreateBuyerBody[] = [
  { code: 'E2E-S01', title: 'Balıkesir Şarküteri Ltd. Şti.', name: 'Oya', surname: 'Kar' },
  { code: 'E2E-S02', title: 'Edremit Gıda Pazarlama', name: 'Işıl', surname: 'Ilgaz' },
  { code: 'E2E-S03', title: 'İzmir Kahvaltı Evi', name: 'Can', surname: 'Uçar' },
];
const [FIRST, SECOND, THIRD] = BUYERS as [CreateBuyerBody, CreateBuyerBody, CreateBuyerBody];

/** Sellable products of the 1500 g group (6 to a box) and one of 500 g, with their items' stock. */
const PRODUCTS = [
  { code: 'STK-8101', name: 'Süzme Yoğurt 1500 g', price: 185.5, pieces: 600, amount: 1500 },
  { code: 'STK-8102', name: 'Tam Yağlı Beyaz Peynir 1500 g', price: 420, pieces: 360, amount: 1500 },
  { code: 'STK-8103', name: 'Taze Kaşar Peyniri 1500 g', price: 512.75, pieces: 48, amount: 1500 },
  { code: 'STK-8104', name: 'Köy Tereyağı 500 g', price: 240, pieces: 120, amount: 500 },
] as const;
const [YOGURT, CHEESE, KASAR] = PRODUCTS;

/** A full-page picture from the top: the shell's header is fixed and would cut through a scrolled one. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return pageScreenshot(page, name);
}

function row(scope: Page | Locator, text: string) {
  return scope.getByRole('row').filter({ hasText: text });
}

async function chooseBuyer(page: Page, typed: string, title: string) {
  const select = page.getByRole('combobox', { name: 'Müşteri', exact: true });
  await select.fill(typed);
  await page.getByRole('option', { name: new RegExp(title) }).click();
}

async function addToBasket(page: Page, productName: string, boxes: number) {
  const line = row(page, productName);
  await line.getByLabel(`${productName} koli adedi`).fill(String(boxes));
  await line.getByRole('button', { name: 'Sepete Ekle' }).click();
  // The toast hides itself after 3 s; the next add waits for that, so it sees its own toast.
  const toast = page.getByText('Sepete Eklenmiştir');
  await toast.waitFor();
  await toast.waitFor({ state: 'hidden', timeout: 6000 });
}

function orderCard(page: Page, orderNumber: number) {
  return page.getByTestId('order').filter({ has: page.getByText(`Sipariş ${orderNumber}`, { exact: true }) });
}

/** Opens an order's panel in the accordion, unless it is open already. */
async function openOrder(card: Locator) {
  const control = card.locator('button[aria-expanded]').first();
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await card.getByTestId('order-item').first().waitFor();
}

function itemRow(card: Locator, productName: string) {
  return card.getByTestId('order-item').filter({ hasText: productName });
}

async function itemStatus(card: Locator, productName: string) {
  return (await itemRow(card, productName).getByTestId('item-status').textContent())?.trim();
}

describe('order-taking, baskets and order review as the order manager', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  const buyerIds = new Map<string, number>();
  const productIds = new Map<string, number>();

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...MANAGER, name: 'Selin', surname: 'Öztürk', roles: ['ORDER_MANAGER'] });
    for (const body of BUYERS) {
      const buyer = await seeder.createBuyer(body);
      buyerIds.set(body.code, buyer.id);
    }
    const first = buyerIds.get(FIRST.code)!;
    await seeder.createBuyerWarehouse(first, { code: 'MERKEZ', title: 'Merkez Depo' });
    await seeder.createBuyerWarehouse(first, { code: 'AYVALIK', title: 'Ayvalık Şubesi' });
    for (const product of PRODUCTS) {
      const created = await stockedProduct(seeder, product, product.pieces, {
        packagingUnitTypeAmount: product.amount,
      });
      productIds.set(product.name, created.id);
    }
    // Another clerk's basket and order hold some yoğurt and kaşar; a goods-out then leaves the kaşar
    // promised beyond what is on hand, which the screen shows in red.
    const third = buyerIds.get(THIRD.code)!;
    await seeder.call('POST', '/admin/baskets', {
      buyerId: third,
      productId: productIds.get(YOGURT.name),
      boxQuantity: 4,
    });
    await placedOrder(
      seeder,
      { buyerId: third, productId: productIds.get(KASAR.name)!, boxes: 6 },
      { buyerRequestReferenceCode: 'IZM-7781', colorGroup: 'blue' },
    );
    await seeder.call('POST', '/admin/baskets', {
      buyerId: third,
      productId: productIds.get(KASAR.name),
      boxQuantity: 2,
    });
    const kasarItem = (await seeder.call<ProductItem[]>('GET', '/product-item')).find(
      (item) => item.stockCode === KASAR.code,
    )!;
    const kasarLine = kasarItem.stocks.find((line) => line.wareHouse.name === 'DEPO1')!;
    await seeder.call('PUT', '/product-item/stock-export-bulk', {
      stockChange: [
        { id: kasarLine.id, exportedQuantity: 12, stockOperationType: 'RETAIL_OUTBOUND', notes: '' },
      ],
    });
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('fills two buyers’ baskets, places one as an order, reviews it and sends it to the warehouse', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${process.cwd()}/test-results/orders-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, MANAGER.userName, MANAGER.password);
    expect(await menuLabels(page)).toEqual(
      expect.arrayContaining(['Sipariş Sepeti Oluşturma', 'Sipariş Sepetleri', 'Siparişler']),
    );

    // --- order-taking: every group at first, groups by their amount; nothing added before a buyer ---
    await openMenu(page, 'Sipariş Sepeti Oluşturma', 'Sipariş Sepeti Oluşturma');
    const groupSelect = page.getByRole('combobox', { name: 'Ambalaj Grubu' });
    expect(await groupSelect.inputValue()).toBe('Tümü');
    const yogurt = row(page, YOGURT.name);
    await yogurt.waitFor();
    await row(page, 'Köy Tereyağı').waitFor();
    await screenshot(page, 'orders-taking-all-groups');
    await groupSelect.click();
    const groupNames = await page.getByRole('option').allTextContents();
    // Masses by their grams, whatever the unit: 500 Gr before 1 Kg before 1500 Gr.
    const grams = groupNames
      .map((name) => /^([\d,]+) (Gr|Kg)$/.exec(name))
      .filter((match) => match !== null)
      .map((match) => Number(match[1]!.replace(',', '.')) * (match[2] === 'Kg' ? 1000 : 1));
    expect(grams.length).toBeGreaterThan(1);
    expect(grams).toEqual([...grams].sort((a, b) => a - b));
    await page.getByRole('option', { name: '1500 Gr', exact: true }).click();
    await expect.poll(() => row(page, 'Köy Tereyağı').count()).toBe(0);
    expect(
      await page.getByRole('combobox', { name: 'Müşteri', exact: true }).getAttribute('placeholder'),
    ).toBe('Müşteri Seçiniz');
    expect(await yogurt.getByRole('button', { name: 'Sepete Ekle' }).isDisabled()).toBe(true);
    // Figures: 600 on hand, 24 in the other basket's order; ₺ price in tr-TR.
    const yogurtText = (await yogurt.textContent()) ?? '';
    expect(yogurtText).toContain('₺185,50');
    expect(await yogurt.getByRole('cell').nth(4).textContent()).toBe('600');
    expect(await yogurt.getByRole('cell').nth(6).textContent()).toBe('24');
    expect(yogurtText).toContain('96 koli');
    // Kaşar: 36 on hand, 36 ordered and 12 in a basket → 12 pieces short, in red.
    const kasar = row(page, KASAR.name);
    expect(await kasar.getByTestId('available-pieces').textContent()).toBe('-12 adet');
    expect(
      await kasar.getByTestId('available-pieces').evaluate((node) => getComputedStyle(node).color),
    ).toMatch(/rgb\(2[0-9]{2}, [0-9]{1,2}, [0-9]{1,2}\)/);
    await screenshot(page, 'orders-taking');

    // The Turkish search of the table and the search inside the buyer list ('balıkesir' finds 'Balıkesir').
    await page.getByRole('textbox', { name: 'Ara' }).fill('PEYNİR');
    // Of the group's products (other suites on this shared server may add some), the two cheeses match.
    await expect.poll(() => page.getByTestId('table-count').textContent()).toMatch(/^2 \/ \d+ kayıt$/);
    await page.getByRole('textbox', { name: 'Ara' }).fill('');
    await chooseBuyer(page, 'balıkesir', FIRST.title);
    await yogurt.getByLabel(`${YOGURT.name} koli adedi`).fill('3');
    expect(await yogurt.getByTestId('box-pieces').textContent()).toBe('18 adet');
    await addToBasket(page, YOGURT.name, 3);
    await expect.poll(() => yogurt.getByRole('cell').nth(5).textContent()).toBe('18');
    expect(await yogurt.getByTestId('available-boxes').textContent()).toBe('93 koli');
    await addToBasket(page, CHEESE.name, 5);
    // A request beyond what is free is refused with the server's message, and nothing is added.
    const cheese = row(page, CHEESE.name);
    await cheese.getByLabel(`${CHEESE.name} koli adedi`).fill('500');
    await cheese.getByRole('button', { name: 'Sepete Ekle' }).click();
    await page.getByText(/yeterli stok yok \(kullanılabilir: 55 koli, istenen: 500 koli\)/).waitFor();
    await screenshot(page, 'orders-taking-refused');

    await chooseBuyer(page, 'edremit', SECOND.title);
    await addToBasket(page, YOGURT.name, 2);
    await addToBasket(page, CHEESE.name, 1);

    // --- baskets: one block per buyer; delete a line, cancel a basket, place an order ---
    await openMenu(page, 'Sipariş Sepetleri', 'Sipariş Sepetleri');
    // Other test files fill baskets too: this file's buyers are found by their code on the server.
    await page.getByRole('textbox', { name: 'Müşteri ara' }).fill('e2e-s0');
    await expect.poll(() => page.getByTestId('basket-count').textContent()).toBe('3 sepet');
    const firstBasket = page.getByTestId('basket').filter({ hasText: FIRST.title });
    await firstBasket.waitFor();
    const secondBasket = page.getByTestId('basket').filter({ hasText: SECOND.title });
    expect(await page.getByTestId('basket').count()).toBe(3);
    await screenshot(page, 'orders-baskets');

    await secondBasket.getByRole('button', { name: `${CHEESE.name} satırını sil` }).click();
    await expect.poll(() => secondBasket.getByRole('row').count()).toBe(2);
    await secondBasket.getByRole('button', { name: 'Sepeti İptal Et' }).click();
    const confirm = dialog(page, 'Sepeti iptal et');
    await confirm.getByRole('button', { name: 'Sepeti İptal Et' }).click();
    await secondBasket.waitFor({ state: 'detached' });

    await firstBasket.getByRole('button', { name: 'Sipariş Oluştur' }).click();
    const placing = dialog(page, 'Sipariş Oluştur');
    // An empty form places nothing: the planned day, and the branch of a buyer with depots, are required.
    await placing.getByText('Şube seçiniz').or(placing.getByPlaceholder('Şube seçiniz')).first().waitFor();
    await placing.getByRole('button', { name: 'Sipariş Oluştur' }).click();
    await placing.getByText('Planlanan sevkiyat tarihi zorunludur.').waitFor();
    await placing
      .getByText('Teslimat şubesi zorunludur: müşterinin teslimat depolarından birini seçiniz.')
      .waitFor();
    await screenshot(page, 'orders-place-order-required');
    await placing.getByLabel('Müşteri Talep Referans Kodu').fill('BLK-2026-118');
    await placing.getByRole('combobox', { name: 'Teslimat Şubesi' }).click();
    await page.getByRole('option', { name: 'Ayvalık Şubesi (AYVALIK)' }).click();
    await placing.getByRole('button', { name: 'Planlanan Sevkiyat Tarihi' }).click();
    // Days before today cannot be picked; the first free day after today is.
    const days = page.locator('.mantine-DatePickerInput-day:not([data-disabled]):not([data-outside])');
    const later = page.locator(
      '.mantine-DatePickerInput-day:not([data-disabled]):not([data-outside]):not([data-today])',
    );
    await days.first().waitFor();
    await ((await later.count()) > 0 ? later.first() : days.first()).click();
    const planned =
      (await placing.getByRole('button', { name: 'Planlanan Sevkiyat Tarihi' }).textContent()) ?? '';
    expect(planned).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    await placing.getByRole('combobox', { name: 'Renk Etiketi' }).click();
    await page.getByRole('option', { name: 'Mor' }).click();
    await screenshot(page, 'orders-place-order-modal');
    await placing.getByRole('button', { name: 'Sipariş Oluştur' }).click();
    const placed = page.getByText(/(\d+) numaralı sipariş oluşturuldu/);
    await placed.waitFor();
    const orderNumber = Number(/(\d+) numaralı/.exec((await placed.textContent()) ?? '')![1]);
    await firstBasket.waitFor({ state: 'detached' });

    // --- order review: today's orders waiting for review ---
    await openMenu(page, 'Siparişler', 'Siparişler');
    const card = orderCard(page, orderNumber);
    await card.waitFor();
    const summary = (await card.textContent()) ?? '';
    expect(summary).toContain(FIRST.title);
    expect(summary).toContain('İnceleme Bekliyor');
    // 18 × 185,50 + 30 × 420 = 15.939
    expect(summary).toContain('₺15.939,00');
    // The planned day picked as 'GG-AA-YYYY' is the day stored and shown.
    expect(summary).toContain(planned.replaceAll('-', '.'));
    await openOrder(card);
    // Waiting for review, items cannot be reviewed yet: only the order moves on.
    expect(await itemRow(card, YOGURT.name).getByRole('button').count()).toBe(0);
    await screenshot(page, 'orders-review-waiting');
    await card.getByRole('button', { name: 'İncelemeye Al' }).click();
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('İncelemede');

    await itemRow(card, YOGURT.name).getByRole('button', { name: 'Onayla', exact: true }).click();
    await expect.poll(() => itemStatus(card, YOGURT.name)).toBe('Onaylandı');

    await itemRow(card, CHEESE.name).getByRole('button', { name: 'Kısmi Onayla' }).click();
    const partial = dialog(page, 'Kısmi Onay');
    await partial.getByText('En fazla 5 koli').waitFor();
    await partial.getByLabel('Onaylanacak Koli').fill('3');
    expect(await partial.getByTestId('partial-pieces').textContent()).toBe('Onaylanacak miktar: 18 adet');
    await screenshot(page, 'orders-partial-approval');
    await partial.getByRole('button', { name: 'Kısmi Onayla' }).click();
    await partial.waitFor({ state: 'hidden' });
    await expect.poll(() => itemStatus(card, CHEESE.name)).toBe('Kısmi Onaylandı');
    // 18 × 185,50 + 18 × 420 = 10.899 dealt
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('₺10.899,00');

    // Cancel and approve again: the machine offers 'Onayla' again only once it is canceled. Cancelling
    // asks first, and 'Vazgeç' leaves the line as it was.
    await itemRow(card, YOGURT.name).getByRole('button', { name: 'İptal Et' }).click();
    const cancelling = dialog(page, 'İptal Et');
    expect(await cancelling.textContent()).toContain(`"${YOGURT.name}" kalemi iptal edilecek`);
    await screenshot(page, 'orders-item-cancel-confirm');
    await cancelling.getByRole('button', { name: 'Vazgeç' }).click();
    await cancelling.waitFor({ state: 'hidden' });
    expect(await itemStatus(card, YOGURT.name)).toBe('Onaylandı');
    await itemRow(card, YOGURT.name).getByRole('button', { name: 'İptal Et' }).click();
    await dialog(page, 'İptal Et').getByRole('button', { name: 'Kalemi İptal Et' }).click();
    await expect.poll(() => itemStatus(card, YOGURT.name)).toBe('İptal Edildi');
    expect(await itemRow(card, YOGURT.name).getByRole('button', { name: 'İptal Et' }).count()).toBe(0);
    await itemRow(card, YOGURT.name).getByRole('button', { name: 'Onayla', exact: true }).click();
    await expect.poll(() => itemStatus(card, YOGURT.name)).toBe('Onaylandı');
    await screenshot(page, 'orders-review-approved');

    await card.getByRole('button', { name: 'Depo Operasyonuna Gönder' }).click();
    // In progress now, so today's review list no longer holds it.
    await card.waitFor({ state: 'detached' });

    // --- find it by number among every status ---
    await page.getByLabel('Sipariş No').fill(String(orderNumber));
    const statuses = page.getByRole('combobox', { name: 'Durum' });
    await statuses.click({ force: true });
    await page.getByRole('option', { name: 'Tümü' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Ara', exact: true }).click();
    await expect.poll(() => page.getByTestId('order-count').textContent()).toBe('1 sipariş');
    const found = orderCard(page, orderNumber);
    await openOrder(found);
    expect(await found.getByTestId('order-status').textContent()).toBe('İşlemde');
    expect(await itemStatus(found, YOGURT.name)).toBe('Depo Operasyonu Bekliyor');
    expect(await itemStatus(found, CHEESE.name)).toBe('Depo Operasyonu Bekliyor');
    expect(await found.getByRole('button', { name: 'Onay Bekleyene Geri Al' }).count()).toBe(2);
    await screenshot(page, 'orders-found-by-number');
    // The result goes to Excel, one row per item.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel' }).click();
    expect((await download).suggestedFilename()).toBe('siparisler.xlsx');
    await signOutThroughUi(page);
  });

  it('pages through the baskets, finds a buyer on the server and exports every matching basket', async () => {
    const { page } = browser;
    // Twelve buyers of this test, each with a box of yoğurt: more than the ten baskets of a page.
    for (let index = 1; index <= 12; index++) {
      const number = String(index).padStart(2, '0');
      const buyer = await seeder.createBuyer({
        code: `E2E-SPG${number}`,
        title: `Sayfalı Sepet Gıda ${number}`,
        name: 'Nur',
        surname: 'Işıkçı',
      });
      await seeder.call('POST', '/admin/baskets', {
        buyerId: buyer.id,
        productId: productIds.get(YOGURT.name),
        boxQuantity: 1,
      });
    }
    await signInThroughUi(page, baseUrl, MANAGER.userName, MANAGER.password);
    await openMenu(page, 'Sipariş Sepetleri', 'Sipariş Sepetleri');
    // 'SAYFALI' finds 'Sayfalı': the dotless ı the Turkish way, on the server.
    await page.getByRole('textbox', { name: 'Müşteri ara' }).fill('SAYFALI SEPET');
    await expect.poll(() => page.getByTestId('basket-count').textContent()).toBe('12 sepet');
    const blocks = page.getByTestId('basket');
    await expect.poll(() => blocks.count()).toBe(10);
    expect(await blocks.first().textContent()).toContain('Sayfalı Sepet Gıda 01');
    await screenshot(page, 'orders-baskets-paged');
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => blocks.count()).toBe(2);
    expect(await blocks.first().textContent()).toContain('Sayfalı Sepet Gıda 11');
    expect(await blocks.last().textContent()).toContain('Sayfalı Sepet Gıda 12');
    await screenshot(page, 'orders-baskets-page-2');

    // The Excel file holds all twelve baskets, not only the page shown: one row per line.
    const { fileName, sheet } = await downloadExcel(page);
    expect(fileName).toBe('siparis-sepetleri.xlsx');
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['Müşteri Kodu', 'Müşteri', 'Ürün', 'Koli']),
    );
    const codes = columnTexts(sheet, 1, 'E2E-SPG');
    expect(codes).toHaveLength(12);

    // One buyer by code: the pager goes, one block stays.
    await page.getByRole('textbox', { name: 'Müşteri ara' }).fill('E2E-SPG07');
    await expect.poll(() => page.getByTestId('basket-count').textContent()).toBe('1 sepet');
    await expect.poll(() => blocks.count()).toBe(1);
    expect(await page.getByLabel('Sayfalar').count()).toBe(0);
    await signOutThroughUi(page);
  });
});
