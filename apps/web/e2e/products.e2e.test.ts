import fs from 'node:fs/promises';
import type { Product } from '@mandira/contract/sellable-products';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder, productItemBody as item } from './seed.ts';
import { columnTexts, dialog, downloadExcel, menuLabels, signInThroughUi, signOutThroughUi } from './ui.ts';

const baseUrl = inject('baseUrl');
const erpSourceFile = inject('erpSourceFile');
const SALES = { userName: 'satis.e2e', password: 'satis-e2e-1234' };

/** Picks an option of the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: ReturnType<typeof dialog>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

describe('product catalogue as a sales administrator', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...SALES, name: 'Emre', surname: 'Çelik', roles: ['SALES_ADMIN'] });
    await seeder.createProductItem(item('E2E-1001', 'Tam Yağlı Beyaz Peynir'));
    await seeder.createProductItem(
      item('E2E-1002', 'İzmir Tulum Peyniri', { packagingType: 'PLASTIC_PACKAGE' }),
    );
    await seeder.createProductItem(
      item('E2E-1003', 'Kırmızı Biberli Lor', {
        packagingType: 'NYLON_PACKAGE',
        packagingUnitTypeAmount: 500,
      }),
    );
    await seeder.createProductItem(
      item('E2E-1004', 'Ayran', {
        packagingType: 'BOTTLE',
        packagingUnitType: 'LITERS',
        packagingUnitTypeAmount: 1,
      }),
    );
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await fs.rm(erpSourceFile, { force: true });
  });

  it('synchronizes from the ERP, and shows the sync failure alert while the source is missing', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, SALES.userName, SALES.password);
    expect(await menuLabels(page)).toEqual(
      expect.arrayContaining(['Depolanabilir Ürünler', 'Ürün Onayı', 'Satılabilir Ürünler']),
    );
    await page.getByTestId('menu-entry').filter({ hasText: 'Depolanabilir Ürünler' }).click();
    await page.waitForURL('**/product-item');
    await page.getByRole('heading', { name: 'Depolanabilir Ürün Listesi' }).waitFor();
    await row(page, 'E2E-1002').waitFor();

    // No source file yet: the ERP is unreachable.
    await page.getByRole('button', { name: 'Senkronize Et' }).click();
    const failure = page.getByTestId('sync-error');
    await failure.getByText('Senkronizasyon sırasında beklenmedik bir hata oluştu ❌').waitFor();
    expect(await failure.textContent()).toContain('ERP kaynak dosyası okunamadı');
    await screenshot(page, 'products-sync-error');

    await fs.writeFile(
      erpSourceFile,
      JSON.stringify({
        productItems: [
          { stockCode: 'E2E-2001', name: 'Keçi Peyniri', barcode: '8690000002001' },
          { ...item('E2E-1001', 'Tam Yağlı Beyaz Peynir (Yeni Tarif)'), height: 9 },
        ],
      }),
    );
    await page.getByRole('button', { name: 'Senkronize Et' }).click();
    await page.getByText("1 yeni, 1 değişen ürün 'Ürün Onayı' ekranında onay bekliyor.").waitFor();
    await failure.waitFor({ state: 'detached' });
  });

  it('approves a changed and a new pending item', async () => {
    const { page } = browser;
    await page.getByTestId('menu-entry').filter({ hasText: 'Ürün Onayı' }).click();
    await page.getByRole('heading', { name: 'Ürün Onay Sayfası' }).waitFor();
    await row(page, 'E2E-2001').waitFor();
    expect(await row(page, 'E2E-1001').textContent()).toContain('Değişiklik (2 alan)');
    await screenshot(page, 'products-approval-list');

    // The changed record shows old → new and is approved as it stands.
    await row(page, 'E2E-1001').getByRole('button', { name: 'Ürünü Tanımla' }).click();
    const define = dialog(page, 'Ürünü Tanımla');
    const changes = define.getByTestId('pending-changes');
    await changes.waitFor();
    expect(await changes.textContent()).toContain('Tam Yağlı Beyaz Peynir (Yeni Tarif)');
    expect(await define.getByRole('textbox', { name: 'Ürün adı' }).inputValue()).toBe(
      'Tam Yağlı Beyaz Peynir (Yeni Tarif)',
    );
    await screenshot(page, 'products-approval-changed');
    await define.getByRole('button', { name: 'Ürünü Tanımla' }).click();
    await define.waitFor({ state: 'hidden' });
    await row(page, 'E2E-1001').waitFor({ state: 'detached' });

    // The new one lacks what the ERP did not send; the form says so, then takes it.
    await row(page, 'E2E-2001').getByRole('button', { name: 'Ürünü Tanımla' }).click();
    await define.getByRole('textbox', { name: 'Stok kodu' }).waitFor();
    await define.getByRole('button', { name: 'Ürünü Tanımla' }).click();
    await define.getByText('Bu alan zorunludur.').first().waitFor();
    await choose(page, define, 'Depo stok tipi', 'GIDA');
    await choose(page, define, 'Ambalaj tipi', 'Vakumlu Paket');
    await choose(page, define, 'Birim tipi', 'Gr');
    await define.getByRole('textbox', { name: 'Birim miktarı' }).fill('500');
    await define.getByRole('textbox', { name: 'Genişlik (cm)' }).fill('14');
    await define.getByRole('textbox', { name: 'Uzunluk (cm)' }).fill('9');
    await define.getByRole('textbox', { name: 'Yükseklik (cm)' }).fill('5,5');
    await screenshot(page, 'products-approval-new');
    await define.getByRole('button', { name: 'Ürünü Tanımla' }).click();
    await define.waitFor({ state: 'hidden' });
    await page.getByText('Onay bekleyen ürün yok').waitFor();
  });

  it('adds an item, refusing a duplicate stock code with the server message', async () => {
    const { page } = browser;
    await page.getByTestId('menu-entry').filter({ hasText: 'Depolanabilir Ürünler' }).click();
    await row(page, 'E2E-2001').waitFor();
    expect(await row(page, 'E2E-2001').textContent()).toContain('500 Gr Vakumlu Paket');

    await page.getByRole('button', { name: 'Ürün Ekle' }).click();
    const add = dialog(page, 'Stoklu Ürün Ekle');
    await add.getByRole('textbox', { name: 'Ürün adı' }).fill('Köy Tereyağı');
    await add.getByRole('textbox', { name: 'Stok kodu' }).fill('E2E-1002');
    await add.getByRole('textbox', { name: 'Barkod' }).fill('8690000003001');
    await choose(page, add, 'Depo stok tipi', 'GIDA');
    await choose(page, add, 'Ambalaj tipi', 'Plastik Kutu');
    await choose(page, add, 'Birim tipi', 'Kg');
    await add.getByRole('textbox', { name: 'Birim miktarı' }).fill('1');
    await add.getByRole('textbox', { name: 'Genişlik (cm)' }).fill('16');
    await add.getByRole('textbox', { name: 'Uzunluk (cm)' }).fill('10');
    await add.getByRole('textbox', { name: 'Yükseklik (cm)' }).fill('7');
    await add.getByRole('button', { name: 'Kaydet' }).click();
    await add
      .getByTestId('form-error')
      .getByText("Kayıt sırasında hata oluştu: 'E2E-1002' stok kodlu bir ürün zaten kayıtlı.")
      .waitFor();
    await screenshot(page, 'products-add-item-duplicate');
    await add.getByRole('textbox', { name: 'Stok kodu' }).fill('E2E-3001');
    await add.getByRole('button', { name: 'Kaydet' }).click();
    await add.waitFor({ state: 'hidden' });
    expect(await row(page, 'E2E-3001').textContent()).toContain('1 Kg Plastik Kutu');
  });

  it("searches Turkish case-insensitively with 'İ' and 'ı'", async () => {
    const { page } = browser;
    const search = page.getByPlaceholder('Ara...');
    await search.fill('izmir');
    await page
      .getByTestId('table-count')
      .getByText(/^1 kayıt$/)
      .waitFor();
    await row(page, 'İzmir Tulum Peyniri').waitFor();
    await search.fill('KIRMIZI');
    await page
      .getByTestId('table-count')
      .getByText(/^1 kayıt$/)
      .waitFor();
    await row(page, 'Kırmızı Biberli Lor').waitFor();
    // Labels are searched too: 'şişe' finds the bottled ayran through its packaging type.
    await search.fill('ŞİŞE');
    await row(page, 'E2E-1004').waitFor();
    await screenshot(page, 'products-items-search');
    await search.fill('');
    await page
      .getByTestId('table-count')
      .getByText(/^\d+ kayıt$/)
      .waitFor();
    await screenshot(page, 'products-items');
  });

  it('pages the catalogue on the server and exports every matching item, not only the page', async () => {
    const { page } = browser;
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    // 52 items: more than the 50 rows of a page.
    for (let index = 1; index <= 52; index++) {
      const code = `KATSAYFA-${String(index).padStart(3, '0')}`;
      await seeder.createProductItem(item(code, `Sayfalı Katalog Peyniri ${index}`));
    }
    const search = page.getByPlaceholder('Ara...');
    await search.fill('katsayfa');
    await page.getByTestId('table-count').getByText('52 kayıt', { exact: true }).waitFor();
    await row(page, 'KATSAYFA-050').waitFor();
    expect(await row(page, 'KATSAYFA-').count()).toBe(50);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await row(page, 'KATSAYFA-052').waitFor();
    expect(await row(page, 'KATSAYFA-').count()).toBe(2);
    await screenshot(page, 'products-items-page-2');
    const { sheet } = await downloadExcel(page);
    const codes = columnTexts(sheet, 1, 'KATSAYFA-');
    expect(codes).toHaveLength(52);
    // A new search starts at the first page again.
    await search.fill('KATSAYFA-00');
    await page.getByTestId('table-count').getByText('9 kayıt', { exact: true }).waitFor();
    await row(page, 'KATSAYFA-001').waitFor();
    await search.fill('');
  });

  it('builds a sellable product of two bundle lines, with the alerts on bad lines', async () => {
    const { page } = browser;
    await page.getByTestId('menu-entry').filter({ hasText: 'Satılabilir Ürünler' }).click();
    await page.getByRole('heading', { name: 'Satılabilir Ürün Listesi' }).waitFor();
    await page.getByRole('button', { name: 'Ürün Ekle' }).click();
    const form = dialog(page, 'Satış Ürünü Ekle');
    await form.getByRole('textbox', { name: 'Ürün adı' }).fill('Kahvaltılık Paket');
    await form.getByRole('textbox', { name: 'Stok kodu' }).fill('SP-E2E-1');
    // Negative or over-precise numbers are refused on their fields, not changed into others.
    await form.getByRole('textbox', { name: 'Koli içi adet' }).fill('-3');
    await form.getByRole('textbox', { name: 'Fiyat (₺)' }).fill('-3');
    await form.getByRole('textbox', { name: 'İndirim (₺)' }).fill('12,555');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    expect(await form.getByText('En az 0 olmalıdır.').count()).toBe(2);
    await form.getByText('En fazla 2 ondalık basamak girilebilir.').waitFor();
    await screenshot(page, 'products-sellable-number-errors');
    await form.getByRole('textbox', { name: 'Koli içi adet' }).fill('4');
    // '1512,7' and '12.5' are saved as the Turkish reader means them.
    await form.getByRole('textbox', { name: 'Fiyat (₺)' }).fill('1512,7');
    await form.getByRole('textbox', { name: 'İndirim (₺)' }).fill('12.5');
    await form.getByRole('textbox', { name: 'İndirim (₺)' }).blur();
    expect(await form.getByRole('textbox', { name: 'Fiyat (₺)' }).inputValue()).toBe('1.512,70');
    expect(await form.getByRole('textbox', { name: 'İndirim (₺)' }).inputValue()).toBe('12,50');

    const addLine = dialog(page, 'İçerik Ekle');
    const refusal = addLine.getByTestId('bundle-refusal');
    await form.getByRole('button', { name: 'İçerik Ekle' }).click();
    await addLine.getByRole('button', { name: 'Ekle', exact: true }).click();
    await refusal.getByText('Lütfen geçerli bir ürün ve miktar seçiniz.').waitFor();
    await choose(
      page,
      addLine,
      'Ürün',
      'E2E-1001 · Tam Yağlı Beyaz Peynir (Yeni Tarif) · 1500 Gr Vakumlu Paket',
    );
    await addLine.getByRole('textbox', { name: 'Miktar (adet)' }).fill('2');
    await addLine.getByRole('button', { name: 'Ekle', exact: true }).click();
    await addLine.waitFor({ state: 'hidden' });

    await form.getByRole('button', { name: 'İçerik Ekle' }).click();
    await choose(
      page,
      addLine,
      'Ürün',
      'E2E-1001 · Tam Yağlı Beyaz Peynir (Yeni Tarif) · 1500 Gr Vakumlu Paket',
    );
    await addLine.getByRole('button', { name: 'Ekle', exact: true }).click();
    await refusal.getByText('Bu ürün zaten içindekiler listesinde mevcut.').waitFor();
    await screenshot(page, 'products-bundle-duplicate');
    await choose(page, addLine, 'Ürün', 'E2E-1004 · Ayran · 1 Lt Şişe');
    await addLine.getByRole('textbox', { name: 'Miktar (adet)' }).fill('6');
    await addLine.getByRole('button', { name: 'Ekle', exact: true }).click();
    await addLine.waitFor({ state: 'hidden' });
    expect(await form.getByTestId('bundle-table').getByRole('row').count()).toBe(3);
    await screenshot(page, 'products-sellable-form');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.waitFor({ state: 'hidden' });

    const product = row(page, 'Kahvaltılık Paket');
    expect(await product.textContent()).toContain('SP-E2E-1');
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    const products = await seeder.call<Product[]>('GET', '/products');
    expect(products.find((candidate) => candidate.stockCode === 'SP-E2E-1')).toMatchObject({
      price: 1512.7,
      discount: 12.5,
      quantityInsideBox: 4,
    });
    await product.getByRole('button', { name: 'İçindekiler (2)' }).click();
    const viewer = dialog(page, 'İçindekiler: Kahvaltılık Paket');
    await viewer.getByText('1 Lt Şişe').waitFor();
    expect(await viewer.textContent()).toContain('2 adet');
    await screenshot(page, 'products-bundle-viewer');
    await viewer.getByRole('button', { name: 'Kapat' }).last().click();
    await screenshot(page, 'products-sellable');
  });

  it('shows a bundled item as frozen, its packaging locked', async () => {
    const { page } = browser;
    await page.getByTestId('menu-entry').filter({ hasText: 'Depolanabilir Ürünler' }).click();
    await row(page, 'E2E-1004').getByRole('button', { name: 'Detaylı İncele' }).click();
    const detail = dialog(page, 'Ürün Detayı: E2E-1004');
    await detail.getByText('Dondurulmuş: ambalaj tipi, birim tipi ve birim miktarı değiştirilemez').waitFor();
    // The packaging group in Turkish words, as everywhere else.
    expect(await detail.textContent()).toContain('Ambalaj grubu1 Lt');
    expect(await detail.textContent()).not.toContain('LITERS');
    await screenshot(page, 'products-item-detail');
    await detail.getByRole('button', { name: 'Düzenle' }).click();
    const edit = dialog(page, 'Ürünü Düzenle');
    expect(await edit.getByRole('combobox', { name: 'Ambalaj tipi' }).isDisabled()).toBe(true);
    expect(await edit.getByRole('textbox', { name: 'Birim miktarı' }).isDisabled()).toBe(true);
    expect(await edit.getByRole('textbox', { name: 'Ürün adı' }).isDisabled()).toBe(false);
    await screenshot(page, 'products-item-edit-frozen');
    await edit.getByRole('button', { name: 'İptal' }).click();
    await detail.getByRole('button', { name: 'Kapat' }).last().click();
    await detail.waitFor({ state: 'hidden' });
    await signOutThroughUi(page);
  });
});
