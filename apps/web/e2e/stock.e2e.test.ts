import type { ProductItem } from '@mandira/contract/products';
import type { Warehouse } from '@mandira/contract/stock';
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot as pageScreenshot } from './browser.ts';
import { ApiSeeder, productItemBody as item } from './seed.ts';
import {
  cancelTypedForm,
  dialog,
  fillLot,
  menuLabels,
  openMenu,
  signInThroughUi,
  signOutThroughUi,
  turkishDayFromToday,
} from './ui.ts';
import { isInViewUncovered, LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
const ADMIN = { userName: 'depo.yonetici.e2e', password: 'depo-yonetici-1234' };
const STAFF = { userName: 'depo.personel.e2e', password: 'depo-personel-1234' };
const YOGURT = { stockCode: 'STK-7001', name: 'Süzme Yoğurt' };
const BUTTER = { stockCode: 'STK-7002', name: 'Köy Tereyağı' };
const NEW_WAREHOUSE = 'Ankara Soğuk Depo';
/** With these, nine warehouses: more than a laptop screen shows side by side. */
const MORE_WAREHOUSES = [
  'Manisa Ara Depo',
  'Çorlu Dağıtım Deposu',
  'Bursa Soğuk Depo',
  'Konya Kuru Gıda Deposu',
];

/** A full-page picture from the top: the shell's header is fixed and would cut through a scrolled one. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return pageScreenshot(page, name);
}

function row(scope: Page | Locator, text: string) {
  return scope.getByRole('row').filter({ hasText: text });
}

async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function rowText(page: Page, text: string): Promise<string> {
  return (await row(page, text).first().textContent()) ?? '';
}

describe('warehouses and stock as the warehouse roles', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...ADMIN, name: 'Kemal', surname: 'Aydın', roles: ['WAREHOUSE_ADMIN'] });
    await seeder.createUser({ ...STAFF, name: 'Zeynep', surname: 'Şahin', roles: ['WAREHOUSE_STAFF'] });
    await seeder.createProductItem(item(YOGURT.stockCode, YOGURT.name));
    await seeder.createProductItem(
      item(BUTTER.stockCode, BUTTER.name, { packagingUnitTypeAmount: 500, packagingType: 'PLASTIC_PACKAGE' }),
    );
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lets the warehouse administrator create a warehouse on the map and see it listed', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, ADMIN.userName, ADMIN.password);
    expect(await menuLabels(page)).toEqual(
      expect.arrayContaining(['Depo Yönetimi', 'Stok Yönetimi', 'Stok Geçmişi']),
    );
    await openMenu(page, 'Depo Yönetimi', 'Depo Yönetimi', { path: '/depo-yonetimi', exact: true });
    await row(page, 'Depo-4').waitFor();
    expect(await rowText(page, 'Depo-1')).toContain('DEPO1');
    await screenshot(page, 'stock-warehouses');

    await page.getByRole('button', { name: 'Yeni Depo Oluştur' }).click();
    const modal = dialog(page, 'Yeni Depo Oluştur');
    await modal.getByTestId('map-picker').waitFor();
    expect(await modal.getByLabel('Kapasite (m³)').inputValue()).toBe('0');
    expect(await modal.getByLabel('Yüzey Alanı (m²)').inputValue()).toBe('1');
    expect(await modal.getByRole('combobox', { name: 'Depo Tipi' }).inputValue()).toBe('Soğuk Hava Deposu');
    // The short name is the one required field.
    await modal.getByRole('button', { name: 'Oluştur' }).click();
    await modal.getByText('Kısa ad zorunludur.').waitFor();

    await modal.getByLabel('Kısa Ad').fill(NEW_WAREHOUSE);
    await modal.getByLabel('Açıklama').fill('Dondurulmuş ürünler');
    await modal.getByLabel('Adres').fill('Ostim OSB, Yenimahalle / Ankara');
    await modal.getByLabel('Telefon').fill('0312 555 12 34');
    // A negative capacity is refused on its field, not turned positive.
    await modal.getByLabel('Kapasite (m³)').fill('-50');
    await modal.getByRole('button', { name: 'Oluştur' }).click();
    await modal.getByText('Kapasite 0 veya daha büyük olmalıdır.').waitFor();
    await modal.getByLabel('Kapasite (m³)').fill('1.512,7');
    await modal.getByLabel('Yüzey Alanı (m²)').fill('120,5');
    await choose(page, modal, 'Depo Tipi', 'Soğuk Hava Deposu (-18°C)');
    // A click on the map sets the coordinates.
    expect(await modal.getByLabel('Enlem').inputValue()).toBe('');
    await modal.getByTestId('map-picker').click({ position: { x: 420, y: 160 } });
    await expect.poll(() => modal.getByLabel('Enlem').inputValue()).not.toBe('');
    // Coordinates are shown the Turkish way, with a decimal comma.
    const latitude = Number((await modal.getByLabel('Enlem').inputValue()).replace(',', '.'));
    const longitude = Number((await modal.getByLabel('Boylam').inputValue()).replace(',', '.'));
    expect(latitude).toBeGreaterThan(39.5);
    expect(latitude).toBeLessThan(40.4);
    expect(longitude).toBeGreaterThan(32.3);
    expect(longitude).toBeLessThan(33.5);
    await screenshot(page, 'stock-warehouse-create-modal');

    // Hold the answer back a moment to see the button while the request is in flight.
    let posts = 0;
    await page.route('**/api/warehouses', async (route) => {
      if (route.request().method() === 'POST') {
        posts += 1;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    });
    await modal.getByRole('button', { name: 'Oluştur' }).click();
    const busy = modal.getByRole('button', { name: 'Oluşturuluyor...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await busy.click({ force: true }).catch(() => {});
    await screenshot(page, 'stock-warehouse-creating');
    await modal.waitFor({ state: 'hidden' });
    await page.unroute('**/api/warehouses');
    expect(posts).toBe(1);

    const created = row(page, NEW_WAREHOUSE);
    await created.waitFor();
    const createdText = (await created.textContent()) ?? '';
    expect(createdText).toContain('DEPO5');
    expect(createdText).toContain('Soğuk Hava Deposu (-18°C)');
    expect(createdText).toContain('120,5');
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    const warehouses = await seeder.call<Warehouse[]>('GET', '/warehouses');
    expect(warehouses.find((warehouse) => warehouse.shortName === NEW_WAREHOUSE)).toMatchObject({
      capacityInM3: 1512.7,
      surfaceAreaInSquareMeters: 120.5,
    });
    await page.getByText(`${NEW_WAREHOUSE} (DEPO5) oluşturuldu.`).waitFor({ state: 'hidden' });
    await screenshot(page, 'stock-warehouses-created');
    await signOutThroughUi(page);
  });

  it('lets the warehouse staff take goods in and out, count, and find the movements in the history', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, STAFF.userName, STAFF.password);
    expect(await menuLabels(page)).toEqual(
      expect.arrayContaining(['Mal Giriş Çıkış', 'Mal Giriş Çıkış (Sade)', 'Stok Geçmişi']),
    );
    await openMenu(page, 'Mal Giriş Çıkış', 'Mal Giriş Çıkış Yönetimi', {
      path: '/mal-giris-cikis-yonetimi',
      exact: true,
    });
    const yogurt = row(page, YOGURT.stockCode);
    // Other suites' items may come first by stock code: search for this suite's before waiting for a row.
    await page.getByRole('textbox', { name: 'Ara' }).fill('stk-700');
    await yogurt.waitFor();
    // The new warehouse is a stock location too.
    expect(await yogurt.textContent()).toContain(`${NEW_WAREHOUSE} : 0`);
    await expect.poll(() => page.getByTestId('table-count').textContent()).toMatch(/^2( \/ \d+)? kayıt$/);
    await screenshot(page, 'stock-goods');

    // --- goods-in to two warehouses; the type is required ---
    await yogurt.getByRole('button', { name: 'Mal Giriş' }).click();
    const goodsIn = dialog(page, `Mal Giriş: ${YOGURT.stockCode} - ${YOGURT.name}`);
    await goodsIn.getByTestId('stock-warning').getByText('eklenir').waitFor();
    await goodsIn.getByLabel('Depo-1 giriş miktarı').fill('120');
    await goodsIn.getByLabel('Depo-2 giriş miktarı').fill('30');
    await goodsIn.getByRole('button', { name: 'Uygula' }).click();
    await goodsIn.getByTestId('form-error').getByText('Lütfen işlem tipini seçiniz.').waitFor();
    await screenshot(page, 'stock-goods-in-no-type');
    await goodsIn.getByRole('button', { name: 'Üretimden Mal Girişi' }).click();
    await goodsIn.getByLabel('Açıklama').fill('Sabah üretimi');
    // The yogurt is a food: each line names the lot it receives (decision 154).
    await fillLot(goodsIn, 'Depo-1', 'SY-2611', turkishDayFromToday(20));
    await fillLot(goodsIn, 'Depo-2', 'SY-2611', turkishDayFromToday(20));
    // The answer holds only the moved item (decision 117): the page shown is read again, that page only.
    const itemReads: Request[] = [];
    const countReads = (request: Request) => {
      if (request.method() === 'GET' && /\/api\/product-item(\?|$)/.test(request.url()))
        itemReads.push(request);
    };
    page.on('request', countReads);
    await goodsIn.getByRole('button', { name: 'Uygula' }).click();
    await goodsIn.waitFor({ state: 'hidden' });
    await expect.poll(() => yogurt.textContent()).toContain('Depo-1 : 120');
    page.off('request', countReads);
    expect(itemReads.map((request) => new URL(request.url()).searchParams.get('page'))).toEqual(['1']);
    const afterIn = (await yogurt.textContent()) ?? '';
    expect(afterIn).toContain('Depo-2 : 30');
    expect(afterIn).toContain('150');
    expect(afterIn).toContain('~25');

    // --- goods-out beyond the line is refused with the server's message; nothing changes ---
    await yogurt.getByRole('button', { name: 'Mal Çıkış' }).click();
    const goodsOut = dialog(page, `Mal Çıkış: ${YOGURT.stockCode} - ${YOGURT.name}`);
    await goodsOut.getByTestId('stock-warning').getByText('düşülür').waitFor();
    await goodsOut.getByRole('button', { name: 'Sevkiyat Çıkışı' }).click();
    await goodsOut.getByLabel('Depo-1 çıkış miktarı').fill('10');
    await goodsOut.getByLabel('Depo-2 çıkış miktarı').fill('50');
    // The preview never shows a stock below 0: it says the goods-out is more than the line holds.
    expect(await row(goodsOut, 'Depo-2').getByTestId('over-stock').textContent()).toBe(
      'Mevcut stoktan fazla',
    );
    await goodsOut.getByRole('button', { name: 'Uygula' }).click();
    const refusal = goodsOut.getByTestId('form-error');
    await refusal.getByText('yeterli stok yok', { exact: false }).waitFor();
    const refusalText = (await refusal.textContent()) ?? '';
    expect(refusalText).toContain(YOGURT.name);
    expect(refusalText).toContain('Depo-2');
    expect(refusalText).toContain('eldeki: 30');
    expect(refusalText).toContain('istenen: 50');
    await screenshot(page, 'stock-goods-out-refused');
    await cancelTypedForm(page, goodsOut);
    expect(await yogurt.textContent()).toContain('Depo-1 : 120');
    expect(await yogurt.textContent()).toContain('Depo-2 : 30');

    // Reopened, the modal has forgotten the type, the quantities and the error.
    await yogurt.getByRole('button', { name: 'Mal Çıkış' }).click();
    expect(await goodsOut.getByTestId('form-error').count()).toBe(0);
    expect(await goodsOut.getByLabel('Depo-2 çıkış miktarı').inputValue()).toBe('');
    expect(await goodsOut.getByRole('button', { name: 'Sevkiyat Çıkışı' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await goodsOut.getByRole('button', { name: 'Perakende Çıkış' }).click();
    await goodsOut.getByLabel('Depo-1 çıkış miktarı').fill('20');
    await screenshot(page, 'stock-goods-out-modal');
    await goodsOut.getByRole('button', { name: 'Uygula' }).click();
    await goodsOut.waitFor({ state: 'hidden' });
    await expect.poll(() => yogurt.textContent()).toContain('Depo-1 : 100');

    // --- a count overwrites a line ---
    await yogurt.getByRole('button', { name: 'Sayım' }).click();
    const count = dialog(page, 'Mal Sayım Stok Düzenleme');
    await count
      .getByTestId('stock-warning')
      .getByText('emin olmadığınız stoklar için giriş yapmayınız')
      .waitFor();
    expect(await count.getByLabel('Depo-2 sayılan miktar').inputValue()).toBe('30');
    // Pieces are whole and never negative: '12,7' is not read as 127, '-3' not as 0; nothing is sent.
    let countPosts = 0;
    const countPost = (request: Request) => {
      if (request.method() === 'PUT' || request.method() === 'POST') countPosts += 1;
    };
    page.on('request', countPost);
    await count.getByLabel('Depo-1 sayılan miktar').fill('12,7');
    await count.getByLabel('Depo-2 sayılan miktar').fill('-3');
    await count.getByRole('button', { name: 'Kaydet' }).click();
    await count.getByTestId('form-error').getByText('Hatalı miktarları düzeltiniz.').waitFor();
    await count.getByText('Tam sayı giriniz; ondalık kısım girilemez.').waitFor();
    await count.getByText('Miktar 0 veya daha büyük olmalıdır.').waitFor();
    await screenshot(page, 'stock-goods-count-refused');
    page.off('request', countPost);
    expect(countPosts).toBe(0);
    await count.getByLabel('Depo-1 sayılan miktar').fill('100');
    await count.getByLabel('Depo-2 sayılan miktar').fill('28');
    await count.getByLabel('Açıklama').fill('Ay sonu sayımı');
    await screenshot(page, 'stock-goods-count-modal');
    await count.getByRole('button', { name: 'Kaydet' }).click();
    await count.waitFor({ state: 'hidden' });
    await expect.poll(() => yogurt.textContent()).toContain('Depo-2 : 28');
    expect(await yogurt.textContent()).toContain('128');

    // --- the item's movements ---
    await yogurt.getByRole('button', { name: `${YOGURT.name} stok hareketleri` }).click();
    const movements = dialog(page, 'Stok Hareketleri');
    await row(movements, 'Sayım Düzeltmesi').waitFor();
    expect(await row(movements, 'Sayım Düzeltmesi').textContent()).toContain('30 → 28');
    expect(await row(movements, 'Perakende Çıkış').textContent()).toContain('-20 adet');
    expect(await row(movements, 'Sabah üretimi').filter({ hasText: 'Depo-1' }).textContent()).toContain(
      '+120 adet (+20 koli)',
    );
    expect(await movements.getByTestId('table-count').textContent()).toBe('4 kayıt');
    await screenshot(page, 'stock-goods-history-modal');
    await page.keyboard.press('Escape');
    await movements.waitFor({ state: 'hidden' });

    // --- a filter reloads the list: one warehouse ---
    await choose(page, page.getByTestId('goods-filters'), 'Depo', 'Depo-2');
    await expect.poll(() => yogurt.textContent()).not.toContain('Depo-1');
    expect(await yogurt.textContent()).toContain('Depo-2 : 28');
    await screenshot(page, 'stock-goods-filtered');

    // --- the reduced copy of the screen ---
    await openMenu(page, 'Mal Giriş Çıkış (Sade)', 'Mal Giriş Çıkış (Sade)', {
      path: '/mal-giris-cikis-yonetimi-2',
      exact: true,
    });
    await row(page, YOGURT.stockCode).waitFor();
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.join('|')).not.toContain('Depo Stokları');
    expect(headers.join('|')).not.toContain('Toplam Stok');
    await screenshot(page, 'stock-goods-compact');

    // --- the history screen: today at first, then the last week ---
    await openMenu(page, 'Stok Geçmişi', 'Stok Geçmişi', { path: '/stok-gecmisi', exact: true });
    await row(page, 'Ay sonu sayımı').waitFor();
    await page.getByRole('button', { name: '1H' }).click();
    // The product choices come from the server's search of what is typed, not from the whole catalogue.
    await page
      .getByTestId('history-filters')
      .getByRole('combobox', { name: 'Ürün', exact: true })
      .fill(YOGURT.stockCode);
    await page.getByRole('option', { name: `${YOGURT.stockCode} - ${YOGURT.name}`, exact: true }).click();
    await expect.poll(() => page.getByTestId('table-count').textContent()).toBe('4 kayıt');
    const counted = (await rowText(page, 'Ay sonu sayımı')).replace(/\s+/g, ' ');
    expect(counted).toContain('Süzme Yoğurt');
    expect(counted).toContain('Depo-2');
    expect(counted).toContain('Sayım Düzeltmesi');
    expect(counted).toContain('Zeynep Şahin');
    expect(await rowText(page, 'Perakende Çıkış')).toContain('100');
    await screenshot(page, 'stock-history');
    await choose(page, page.getByTestId('history-filters'), 'İşlem Tipi', 'Üretimden Mal Girişi');
    await expect.poll(() => page.getByTestId('table-count').textContent()).toBe('2 kayıt');
    await signOutThroughUi(page);
  });

  it('lets the warehouse administrator read stock per warehouse, its movements, and count', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, ADMIN.userName, ADMIN.password);
    await openMenu(page, 'Stok Yönetimi', 'Stok Yönetimi', { path: '/stok-yonetimi', exact: true });
    const yogurt = row(page, YOGURT.stockCode);
    // Other suites' items may come first by stock code: search for this suite's before waiting for a row.
    await page.getByRole('textbox', { name: 'Ara' }).fill('stk-700');
    await yogurt.waitFor();
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.join('|')).toContain(NEW_WAREHOUSE);
    const text = (await yogurt.textContent()) ?? '';
    expect(text).toContain('128');
    expect(text).toContain('21 koli');

    // The packaging-group buttons narrow the list.
    await page.getByRole('button', { name: '500 Gr', exact: true }).click();
    await expect.poll(() => row(page, YOGURT.stockCode).count()).toBe(0);
    await row(page, BUTTER.stockCode).waitFor();
    await page.getByRole('button', { name: 'Tümü' }).click();
    await yogurt.waitFor();
    await screenshot(page, 'stock-management');

    // A warehouse's figure opens its movements there.
    await yogurt.getByRole('button', { name: `${YOGURT.name} Depo-1 stok hareketleri` }).click();
    const movements = dialog(page, 'Stok Hareketleri');
    await row(movements, 'Perakende Çıkış').waitFor();
    expect(await movements.getByTestId('history-subject').textContent()).toContain('Depo-1');
    expect(await movements.getByTestId('table-count').textContent()).toBe('2 kayıt');
    await screenshot(page, 'stock-management-history-modal');
    await page.keyboard.press('Escape');
    await movements.waitFor({ state: 'hidden' });

    await yogurt.getByRole('button', { name: 'Sayım' }).click();
    const count = dialog(page, 'Stok Sayımı');
    await count.getByTestId('stock-warning').waitFor();
    expect(await count.getByLabel('Depo-1 sayılan miktar').inputValue()).toBe('100');
    // The contract's limit shows on the line before anything is sent.
    await count.getByLabel(`${NEW_WAREHOUSE} sayılan miktar`).fill('200.000.000');
    await count.getByRole('button', { name: 'Kaydet' }).click();
    await count.getByText('Miktar çok büyük.').waitFor();
    // '1.512' is one thousand five hundred and twelve pieces, as a Turkish reader means it.
    await count.getByLabel(`${NEW_WAREHOUSE} sayılan miktar`).fill('1.512');
    await screenshot(page, 'stock-management-count-modal');
    await count.getByRole('button', { name: 'Kaydet' }).click();
    await count.waitFor({ state: 'hidden' });
    await expect.poll(() => yogurt.textContent()).toContain('1.640');
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    const items = await seeder.call<ProductItem[]>('GET', '/product-item');
    const lines = items.find((candidate) => candidate.stockCode === YOGURT.stockCode)?.stocks ?? [];
    expect(lines.find((line) => line.wareHouse.label === NEW_WAREHOUSE)?.quantity).toBe(1512);
    await signOutThroughUi(page);
  });

  it('keeps the total in view at 1366×768 with nine warehouses and says that more are to the right', async () => {
    const { page } = browser;
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    for (const shortName of MORE_WAREHOUSES) await seeder.call('POST', '/warehouses', { shortName });
    const items = await seeder.call<ProductItem[]>('GET', '/product-item');
    const yogurtItem = items.find((candidate) => candidate.stockCode === YOGURT.stockCode)!;
    const lastLine = yogurtItem.stocks.find((line) => line.wareHouse.label === MORE_WAREHOUSES[3])!;
    await seeder.call('POST', '/product-item/stock-import', {
      id: lastLine.id,
      importedQuantity: 42,
      stockOperationType: 'PRODUCTION_INBOUND',
      notes: 'Konya sevkiyatı',
    });
    await page.setViewportSize(LAPTOP);

    // --- Stok Yönetimi: the total before one column per warehouse, the stock code pinned at the left ---
    await signInThroughUi(page, baseUrl, ADMIN.userName, ADMIN.password);
    await openMenu(page, 'Stok Yönetimi', 'Stok Yönetimi', { path: '/stok-yonetimi', exact: true });
    const yogurt = row(page, YOGURT.stockCode);
    // Other suites' items may come first by stock code: search for this suite's before waiting for a row.
    await page.getByRole('textbox', { name: 'Ara' }).fill('stk-700');
    await yogurt.waitFor();
    await expect.poll(() => page.getByTestId('table-count').textContent()).toMatch(/^2( \/ \d+)? kayıt$/);
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(
      expect.arrayContaining(['Depo-1', NEW_WAREHOUSE, ...MORE_WAREHOUSES, 'Toplam Stok']),
    );
    const totalHeader = page.getByRole('columnheader').nth(headers.indexOf('Toplam Stok'));
    const totalCell = yogurt.getByRole('cell').nth(headers.indexOf('Toplam Stok'));
    expect(await totalCell.textContent()).toContain('1.682');
    await expect.poll(() => isInViewUncovered(page, totalHeader)).toBe(true);
    await expect.poll(() => isInViewUncovered(page, totalCell)).toBe(true);
    // A header never breaks at its hyphen ('Depo-/1').
    const depoOne = page.getByRole('button', { name: /^Depo-1 sütununa göre sırala/ });
    expect((await depoOne.boundingBox())!.height).toBeLessThan(30);
    const hint = page.getByTestId('table-scroll-hint');
    expect(await hint.textContent()).toContain('9 depo');
    const lastWarehouse = yogurt.getByRole('button', {
      name: `${YOGURT.name} ${MORE_WAREHOUSES[3]} stok hareketleri`,
    });
    expect(await isInViewUncovered(page, lastWarehouse)).toBe(false);
    await screenshot(page, 'stock-management-nine-warehouses');

    // Scrolled to the right end: the last warehouse shows, the stock code stays pinned at the left
    // edge, nothing lies over the figures, and the hint is gone.
    await page.getByRole('table').evaluate((table) => {
      const box = table.closest('.mantine-Table-scrollContainer') ?? table.parentElement!.parentElement!;
      box.scrollLeft = box.scrollWidth;
    });
    await hint.waitFor({ state: 'detached' });
    await expect.poll(() => isInViewUncovered(page, lastWarehouse)).toBe(true);
    expect(await lastWarehouse.textContent()).toContain('42');
    await expect
      .poll(() => isInViewUncovered(page, yogurt.getByRole('cell').first().getByText(YOGURT.stockCode)))
      .toBe(true);
    const lastHeader = page.getByRole('button', {
      name: new RegExp(`^${MORE_WAREHOUSES[3]} sütununa göre sırala`),
    });
    await expect.poll(() => isInViewUncovered(page, lastHeader)).toBe(true);
    await screenshot(page, 'stock-management-nine-warehouses-scrolled');

    // The count modal's save button is in view without scrolling.
    await yogurt.getByRole('button', { name: 'Sayım' }).click();
    const count = dialog(page, 'Stok Sayımı');
    await count.getByLabel('Depo-1 sayılan miktar').waitFor();
    await expect
      .poll(() => isInViewUncovered(page, count.getByRole('button', { name: 'Kaydet' })))
      .toBe(true);
    await screenshot(page, 'stock-management-count-nine-warehouses');
    await count.getByRole('button', { name: 'İptal' }).click();
    await count.waitFor({ state: 'hidden' });
    await signOutThroughUi(page);

    // --- Mal Giriş Çıkış: warehouse stocks by name, one entry apiece, the total in view ---
    await signInThroughUi(page, baseUrl, STAFF.userName, STAFF.password);
    await openMenu(page, 'Mal Giriş Çıkış', 'Mal Giriş Çıkış Yönetimi', {
      path: '/mal-giris-cikis-yonetimi',
      exact: true,
    });
    const goodsRow = row(page, YOGURT.stockCode);
    await goodsRow.waitFor();
    await page.getByRole('textbox', { name: 'Ara' }).fill('stk-700');
    await expect.poll(() => page.getByTestId('table-count').textContent()).toMatch(/^2( \/ \d+)? kayıt$/);
    const entries = (await goodsRow.getByRole('listitem').allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' '),
    );
    expect(entries).toHaveLength(9);
    expect(entries).toContain('Depo-1 : 100');
    expect(entries).toContain(`${MORE_WAREHOUSES[3]} : 42`);
    expect(await goodsRow.textContent()).not.toContain('DEPO-');
    const goodsHeaders = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    const goodsTotal = goodsRow.getByRole('cell').nth(goodsHeaders.indexOf('Toplam Stok'));
    expect(await goodsTotal.textContent()).toBe('1.682');
    // Rows are tall with nine warehouses: scrolling down is fine, sideways is what must not be needed.
    await goodsTotal.evaluate((cell) => cell.scrollIntoView({ block: 'center' }));
    await expect.poll(() => isInViewUncovered(page, goodsTotal)).toBe(true);
    expect(await page.getByTestId('table-scroll-hint').count()).toBe(0);
    await screenshot(page, 'stock-goods-nine-warehouses');

    await goodsRow.getByRole('button', { name: 'Mal Giriş' }).click();
    const goodsIn = dialog(page, `Mal Giriş: ${YOGURT.stockCode} - ${YOGURT.name}`);
    await goodsIn.getByLabel('Depo-1 giriş miktarı').waitFor();
    await expect
      .poll(() => isInViewUncovered(page, goodsIn.getByRole('button', { name: 'Uygula' })))
      .toBe(true);
    await screenshot(page, 'stock-goods-in-nine-warehouses');
    await page.keyboard.press('Escape');
    await goodsIn.waitFor({ state: 'hidden' });
    await signOutThroughUi(page);
  });
});
