import { istanbulDate } from '@mandira/contract/istanbul-time';
import { EXPIRED_LOT_ONLY_AS_RETURN } from '@mandira/contract/lots';
import type { ProductItem } from '@mandira/contract/products';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder, productItemBody, stockIn } from './seed.ts';
import {
  dialog,
  fillLot,
  openMenu,
  searchTable,
  signInThroughUi,
  signOutThroughUi,
  tableRow,
  turkishDayFromToday,
} from './ui.ts';

const baseUrl = inject('baseUrl');
const STAFF = { userName: 'depo.parti.e2e', password: 'depo-parti-1234' };
const ADMIN = { userName: 'depo.parti.yonetici.e2e', password: 'depo-parti-yonetici-1234' };
const CHEESE = { stockCode: 'STK-7381', name: 'Taze Kaşar Peyniri' };
const SOON = 'KS-0501';
const LATER = 'KS-0520';

const dayFromToday = (days: number) => istanbulDate(new Date(Date.now() + days * 86_400_000));

/** The cheese's Depo-1 lots as the API reads them: code → pieces. */
async function depo1Lots(seeder: ApiSeeder): Promise<Record<string, number>> {
  const [item] = (
    await seeder.call<{ items: ProductItem[] }>('GET', `/product-item?q=${CHEESE.stockCode}&page=1&size=5`)
  ).items;
  const line = item!.stocks.find((stock) => stock.wareHouse.name === 'DEPO1')!;
  return Object.fromEntries(line.lots.map((lot) => [lot.code, lot.quantity]));
}

describe('lots on the goods, stock and history screens', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...STAFF, name: 'Elif', surname: 'Çelik', roles: ['WAREHOUSE_STAFF'] });
    await seeder.createUser({ ...ADMIN, name: 'Oğuz', surname: 'Kaya', roles: ['WAREHOUSE_ADMIN'] });
    await seeder.createProductItem(productItemBody(CHEESE.stockCode, CHEESE.name));
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lets the goods staff receive lots, take goods out of a chosen lot, dispose of one, and filter the history by lot', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, STAFF.userName, STAFF.password);
    await openMenu(page, 'Mal Giriş Çıkış', 'Mal Giriş Çıkış Yönetimi', {
      path: '/mal-giris-cikis-yonetimi',
      exact: true,
    });
    await searchTable(page, CHEESE.stockCode);
    const cheese = tableRow(page, CHEESE.stockCode);
    await cheese.waitFor();

    // --- goods-in: a food item's line needs its lot; an expired day is refused on its field ---
    await cheese.getByRole('button', { name: 'Mal Giriş' }).click();
    const goodsIn = dialog(page, `Mal Giriş: ${CHEESE.stockCode} - ${CHEESE.name}`);
    await goodsIn.getByLabel('Depo-1 giriş miktarı').fill('40');
    await goodsIn.getByRole('button', { name: 'Üretimden Mal Girişi' }).click();
    await goodsIn.getByRole('button', { name: 'Uygula' }).click();
    await goodsIn.getByText('Parti kodu giriniz.').waitFor();
    await goodsIn.getByText('Son kullanma tarihini giriniz.').waitFor();
    await fillLot(goodsIn, 'Depo-1', SOON, turkishDayFromToday(-2));
    await goodsIn.getByRole('button', { name: 'Uygula' }).click();
    await goodsIn.getByText(EXPIRED_LOT_ONLY_AS_RETURN).waitFor();
    await screenshot(page, 'stock-lots-goods-in-expired');
    await fillLot(goodsIn, 'Depo-1', SOON, turkishDayFromToday(5));
    // The day typed GG.AA.YYYY stays so in the field.
    expect(await goodsIn.getByLabel('Depo-1 son kullanma tarihi (SKT)', { exact: true }).inputValue()).toBe(
      turkishDayFromToday(5),
    );
    await goodsIn.getByRole('button', { name: 'Uygula' }).click();
    await goodsIn.waitFor({ state: 'hidden' });

    await cheese.getByRole('button', { name: 'Mal Giriş' }).click();
    await goodsIn.getByLabel('Depo-1 giriş miktarı').fill('25');
    await goodsIn.getByRole('button', { name: 'Satın Alma Girişi' }).click();
    await fillLot(goodsIn, 'Depo-1', LATER, turkishDayFromToday(20));
    await goodsIn.getByLabel('Depo-1 üretim tarihi', { exact: true }).fill(turkishDayFromToday(-1));
    await goodsIn.getByLabel('Depo-1 üretim tarihi', { exact: true }).blur();
    await screenshot(page, 'stock-lots-goods-in');
    await goodsIn.getByRole('button', { name: 'Uygula' }).click();
    await goodsIn.waitFor({ state: 'hidden' });
    await expect.poll(() => depo1Lots(seeder)).toEqual({ [SOON]: 40, [LATER]: 25 });

    // --- the breakdown of the line, earliest expiry first ---
    await cheese.getByRole('button', { name: `${CHEESE.name} partileri` }).click();
    const lots = dialog(page, 'Partiler');
    const lotTable = lots.getByRole('table', { name: 'Depo-1 partileri' });
    await lotTable.waitFor();
    const lotRows = (await lotTable.getByRole('row').allInnerTexts())
      .slice(1)
      .map((text) => text.replace(/\s+/g, ' '));
    expect(lotRows[0]).toContain(`${SOON} ${turkishDayFromToday(5)}`);
    expect(lotRows[0]).toContain('40');
    expect(lotRows[1]).toContain(`${LATER} ${turkishDayFromToday(20)} ${turkishDayFromToday(-1)} 25`);
    await screenshot(page, 'stock-lots-breakdown-goods');
    await lots.getByRole('button', { name: 'Kapat' }).click();
    await lots.waitFor({ state: 'hidden' });

    // --- goods-out of a chosen lot; left empty the choice says FEFO ---
    await cheese.getByRole('button', { name: 'Mal Çıkış' }).click();
    const goodsOut = dialog(page, `Mal Çıkış: ${CHEESE.stockCode} - ${CHEESE.name}`);
    const choice = goodsOut.getByRole('combobox', { name: 'Depo-1 parti', exact: true });
    expect(await choice.getAttribute('placeholder')).toBe('SKT sırasına göre (FEFO)');
    await choice.click();
    await page.getByRole('option', { name: `${SOON} (SKT ${turkishDayFromToday(5)}) · 40 adet` }).waitFor();
    await page.getByRole('option', { name: `${LATER} (SKT ${turkishDayFromToday(20)}) · 25 adet` }).click();
    await goodsOut.getByLabel('Depo-1 çıkış miktarı').fill('5');
    await goodsOut.getByRole('button', { name: 'Perakende Çıkış' }).click();
    await screenshot(page, 'stock-lots-goods-out');
    await goodsOut.getByRole('button', { name: 'Uygula' }).click();
    await goodsOut.waitFor({ state: 'hidden' });
    await expect.poll(() => depo1Lots(seeder)).toEqual({ [SOON]: 40, [LATER]: 20 });

    // --- İmha Çıkışı of the other lot, from the reduced screen ---
    await openMenu(page, 'Mal Giriş Çıkış (Sade)', 'Mal Giriş Çıkış (Sade)', {
      path: '/mal-giris-cikis-yonetimi-2',
      exact: true,
    });
    await searchTable(page, CHEESE.stockCode);
    await tableRow(page, CHEESE.stockCode).getByRole('button', { name: 'Mal Çıkış' }).click();
    await goodsOut.getByRole('button', { name: 'İmha Çıkışı' }).click();
    await goodsOut.getByRole('combobox', { name: 'Depo-1 parti', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(`^${SOON} `) }).click();
    await goodsOut.getByLabel('Depo-1 çıkış miktarı').fill('10');
    await goodsOut.getByLabel('Açıklama').fill('Ambalajı hasarlı');
    await goodsOut.getByRole('button', { name: 'Uygula' }).click();
    await goodsOut.waitFor({ state: 'hidden' });
    await expect.poll(() => depo1Lots(seeder)).toEqual({ [SOON]: 30, [LATER]: 20 });

    // --- the history: a 'Parti' column and a filter by one lot of the chosen item ---
    await openMenu(page, 'Stok Geçmişi', 'Stok Geçmişi', { path: '/stok-gecmisi', exact: true });
    const filters = page.getByTestId('history-filters');
    expect(await filters.getByRole('combobox', { name: 'Parti', exact: true }).isDisabled()).toBe(true);
    await filters.getByRole('combobox', { name: 'Ürün', exact: true }).fill(CHEESE.stockCode);
    await page.getByRole('option', { name: `${CHEESE.stockCode} - ${CHEESE.name}`, exact: true }).click();
    await expect.poll(() => page.getByTestId('table-count').textContent()).toBe('4 kayıt');
    expect(await tableRow(page, 'Ambalajı hasarlı').textContent()).toContain(
      `${SOON} (SKT ${turkishDayFromToday(5)})`,
    );
    expect(await tableRow(page, 'Ambalajı hasarlı').textContent()).toContain('İmha Çıkışı');
    await filters.getByRole('combobox', { name: 'Parti', exact: true }).click();
    await page.getByRole('option', { name: `${LATER} (SKT ${turkishDayFromToday(20)})` }).click();
    await expect.poll(() => page.getByTestId('table-count').textContent()).toBe('2 kayıt');
    const shown = await page.getByRole('row').allInnerTexts();
    expect(shown.slice(1).every((text) => text.includes(LATER))).toBe(true);
    await screenshot(page, 'stock-lots-history');
    await signOutThroughUi(page);
  });

  it('shows the warehouse administrator each line lot by lot, expired and undated lots marked', async () => {
    const { page } = browser;
    const [item] = (
      await seeder.call<{ items: ProductItem[] }>('GET', `/product-item?q=${CHEESE.stockCode}&page=1&size=5`)
    ).items;
    await stockIn(seeder, item!, [
      { pieces: 3, type: 'PURCHASE_INBOUND' },
      { pieces: 2, type: 'RETURN_INBOUND', lot: { code: 'KS-IADE', expiryDate: dayFromToday(-4) } },
    ]);
    await signInThroughUi(page, baseUrl, ADMIN.userName, ADMIN.password);
    await openMenu(page, 'Stok Yönetimi', 'Stok Yönetimi', { path: '/stok-yonetimi', exact: true });
    await searchTable(page, CHEESE.stockCode);
    const cheese = tableRow(page, CHEESE.stockCode);
    await expect.poll(() => cheese.textContent()).toContain('55');
    await cheese.getByRole('button', { name: `Partiler ${CHEESE.name}` }).click();
    const lots = dialog(page, 'Partiler');
    const lotTable = lots.getByRole('table', { name: 'Depo-1 partileri' });
    await lotTable.waitFor();
    const rows = (await lotTable.getByRole('row').allInnerTexts())
      .slice(1)
      .map((text) => text.replace(/\s+/g, ' '));
    expect(rows.map((text) => text.split(' ')[0])).toEqual(['KS-IADE', SOON, LATER, '—']);
    // The badges are written in capitals on screen.
    expect(rows[0]!.toLocaleLowerCase('tr-TR')).toContain('süresi geçmiş');
    expect(rows[3]!.toLocaleLowerCase('tr-TR')).toContain('skt yok');
    expect(rows[1]).toContain('30 5');
    await screenshot(page, 'stock-lots-breakdown-management');
    await lots.getByRole('button', { name: 'Kapat' }).click();
    await signOutThroughUi(page);
  });
});
