import fs from 'node:fs/promises';
import type { CreateBuyerBody } from '@mandira/contract/buyers';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { ApiSeeder, productItemBody as item } from './seed.ts';
import { dialog, openMenu, screenshotFromTop, signInThroughUi, signOutThroughUi, tableRow } from './ui.ts';
import { isInViewUncovered, LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
const erpSourceFile = inject('erpSourceFile');
const ACCOUNTING = { userName: 'sevgi.muhasebe', password: 'muhasebe-e2e-1234' };
const OFFICE = { userName: 'ofis.sorumlusu', password: 'ofis-sorumlu-1234' };
const SALES = { userName: 'satis.sorumlusu', password: 'satis-sorumlu-1234' };
/** In the order PostgreSQL's C collation (and PGlite's) would give them: Ç after Y, ı after ö. */
const PLACES = ['Bornova', 'Boğaziçi', 'Körfez', 'Kızılay', 'Yunusemre', 'Çanakkale'];
const TURKISH_ORDER = ['Boğaziçi', 'Bornova', 'Çanakkale', 'Kızılay', 'Körfez', 'Yunusemre'];
const PENDING = item('LAY-8801', 'Dil Peyniri Örgü');

/** The modal's save button is in view as it opens, before any scrolling, and still after it. */
async function expectSaveInView(page: Page, modal: Locator, save: string, name: string) {
  const button = modal.getByRole('button', { name: save, exact: true });
  await button.waitFor();
  await expect.poll(() => isInViewUncovered(page, button)).toBe(true);
  await screenshotFromTop(page, name);
  await modal.evaluate((element) => {
    const content = element.closest('.mantine-Modal-content') ?? element;
    content.scrollTop = content.scrollHeight / 2;
  });
  await expect.poll(() => isInViewUncovered(page, button)).toBe(true);
}

describe('screens that fit a 1366×768 laptop', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...ACCOUNTING, name: 'Sevgi', surname: 'Uçar', roles: ['ACCOUNTING_MANAGER'] });
    await seeder.createUser({ ...OFFICE, name: 'Ozan', surname: 'Işık', roles: ['BACKOFFICE_ADMIN'] });
    await seeder.createUser({ ...SALES, name: 'Gül', surname: 'Öztürk', roles: ['SALES_ADMIN'] });
    for (const [index, place] of PLACES.entries()) {
      const buyer: CreateBuyerBody = {
        code: `LAY-B0${index + 1}`,
        title: `${place} Şarküteri ve Gıda Pazarlama Ltd. Şti.`,
        name: 'Ayşe',
        surname: 'Çağlayan',
        email: `siparis@lay-sarkuteri-${index + 1}.com.tr`,
        phone1: `0232 555 12 3${index}`,
      };
      await seeder.createBuyer(buyer);
    }
    const bowl = await seeder.createProductItem(item('LAY-8802', 'Lor Peyniri Kasesi'));
    await seeder.call('POST', '/products', {
      name: 'Kahvaltılık Lor Tabağı',
      stockCode: 'SP-LAY-LOR-TABAK',
      quantityInsideBox: 12,
      notes: 'Otel kahvaltıları için on iki kaselik koli.',
      productBundle: [{ productItemId: bowl.id, quantity: 2 }],
    });
    await fs.writeFile(erpSourceFile, JSON.stringify({ productItems: [PENDING] }));
    await seeder.call('GET', '/product-item/synchronize');
    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await fs.rm(erpSourceFile, { force: true });
    await browser?.close();
  });

  it('lists customers in Turkish alphabetical order with their phone numbers in view', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, ACCOUNTING.userName, ACCOUNTING.password);
    await openMenu(page, 'Müşteri Yönetimi', 'Müşteri Yönetimi');
    await page.getByPlaceholder('Ara...').fill('LAY-B');
    await expect.poll(() => tableRow(page, 'LAY-B').count()).toBe(6);
    const titles = await tableRow(page, 'LAY-B').allInnerTexts();
    expect(titles.map((text) => TURKISH_ORDER.find((place) => text.includes(`${place} Şarküteri`)))).toEqual(
      TURKISH_ORDER,
    );
    const phone = tableRow(page, 'LAY-B01').getByText('0232 555 12 30', { exact: true });
    await expect.poll(() => isInViewUncovered(page, phone)).toBe(true);
    expect(await page.getByTestId('table-scroll-hint').count()).toBe(0);
    await screenshotFromTop(page, 'fit-customers-turkish-order');

    // A header click turns the order round, still the Turkish way.
    await page.getByRole('button', { name: /^Ünvan sütununa göre sırala/ }).click();
    const reversed = await tableRow(page, 'LAY-B').allInnerTexts();
    expect(
      reversed.map((text) => TURKISH_ORDER.find((place) => text.includes(`${place} Şarküteri`))),
    ).toEqual([...TURKISH_ORDER].reverse());

    await page.getByRole('button', { name: 'Müşteri Ekle' }).click();
    await expectSaveInView(page, dialog(page, 'Müşteri Ekle'), 'Kaydet', 'fit-customer-modal');
    await page.keyboard.press('Escape');
    await dialog(page, 'Müşteri Ekle').waitFor({ state: 'hidden' });
    await signOutThroughUi(page);
  });

  it('keeps the save buttons of the user and customer warehouse modals in view', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, OFFICE.userName, OFFICE.password);
    await openMenu(page, 'Kullanıcı Yönetimi', 'Kullanıcı Yönetimi');
    await page.getByRole('button', { name: 'Kullanıcı Ekle' }).click();
    await expectSaveInView(page, dialog(page, 'Kullanıcı Ekle'), 'Kaydet', 'fit-user-modal');
    await page.keyboard.press('Escape');
    await dialog(page, 'Kullanıcı Ekle').waitFor({ state: 'hidden' });

    await openMenu(page, 'Müşteri Deposu Yönetimi', 'Müşteri Deposu Yönetimi');
    await page.getByRole('button', { name: 'Yeni Depo' }).click();
    const warehouse = dialog(page, 'Depo Tanımı');
    await warehouse.getByTestId('map-picker').waitFor();
    // Any list that opens by itself is closed first: it is not part of the frame under test.
    await warehouse.getByRole('heading', { name: 'Depo Tanımı' }).click();
    await expectSaveInView(page, warehouse, 'Kaydet', 'fit-buyer-warehouse-modal');
    await warehouse.getByRole('button', { name: 'İptal' }).click();
    await warehouse.waitFor({ state: 'hidden' });
    await signOutThroughUi(page);
  });

  it('keeps the product approval and item detail buttons in view, and saves from there', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, SALES.userName, SALES.password);
    await openMenu(page, 'Ürün Onayı', 'Ürün Onay Sayfası');
    await tableRow(page, PENDING.stockCode).getByRole('button', { name: 'Ürünü Tanımla' }).click();
    const approve = dialog(page, 'Ürünü Tanımla');
    await expectSaveInView(page, approve, 'Ürünü Tanımla', 'fit-product-approval-modal');
    await approve.getByRole('button', { name: 'Ürünü Tanımla', exact: true }).click();
    await approve.waitFor({ state: 'hidden' });

    await openMenu(page, 'Depolanabilir Ürünler', 'Depolanabilir Ürün Listesi');
    // The catalogue pages on the server, where other test files' items come first.
    await page.getByPlaceholder('Ara...').fill(PENDING.stockCode);
    await tableRow(page, PENDING.stockCode).getByRole('button', { name: 'Detaylı İncele' }).click();
    const detail = dialog(page, `Ürün Detayı: ${PENDING.stockCode}`);
    await expectSaveInView(page, detail, 'Düzenle', 'fit-item-detail-modal');
    await detail.getByRole('button', { name: 'Düzenle', exact: true }).click();
    const edit = dialog(page, 'Ürünü Düzenle');
    await expectSaveInView(page, edit, 'Kaydet', 'fit-item-edit-modal');
    await edit.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await edit.waitFor({ state: 'hidden' });

    await openMenu(page, 'Satılabilir Ürünler', 'Satılabilir Ürün Listesi');
    // Other suites' products may come first: narrow the list to this one.
    await page.getByPlaceholder('Ara...').fill('SP-LAY');
    await expect.poll(() => tableRow(page, 'SP-').count()).toBe(1);
    const contents = tableRow(page, 'SP-LAY-LOR-TABAK').getByRole('button', { name: 'İçindekiler (1)' });
    await contents.waitFor();
    await expect.poll(() => isInViewUncovered(page, contents)).toBe(true);
    await screenshotFromTop(page, 'fit-sellable-products');
    expect(await page.getByTestId('table-scroll-hint').count()).toBe(0);
    await signOutThroughUi(page);
  });
});
