import fs from 'node:fs/promises';
import type { CreateBuyerBody } from '@mandira/contract/buyers';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot as pageScreenshot } from './browser.ts';
import { ApiSeeder } from './seed.ts';
import { dialog, menuLabels, signInThroughUi, signOutThroughUi } from './ui.ts';

const baseUrl = inject('baseUrl');
const erpSourceFile = inject('erpSourceFile');
const ACCOUNTING = { userName: 'nermin.aktas', password: 'muhasebe-e2e-1234' };
const OFFICE = { userName: 'tarik.ersoy', password: 'ofis-e2e-1234' };

const KNOWN: CreateBuyerBody[] = [
  { code: 'E2E-B01', title: 'Kuzey Gıda Ltd. Şti.', name: 'Oya', surname: 'Kar', phone1: '0266 111 11 11' },
  { code: 'E2E-B02', title: 'Güney Şarküteri', name: 'Işıl', surname: 'Ilgaz', vkn: '1234567890' },
  { code: 'E2E-B03', title: 'Doğu Market', name: 'Can', phone1: '0266 333 33 33' },
];

/** A full-page picture from the top: the shell's header is fixed and would cut through a scrolled one. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return pageScreenshot(page, name);
}

function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

async function openScreen(page: Page, menuLabel: string, heading: string) {
  await page.getByTestId('menu-entry').filter({ hasText: menuLabel }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

describe('customers as an accounting manager', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({
      ...ACCOUNTING,
      name: 'Nermin',
      surname: 'Aktaş',
      roles: ['ACCOUNTING_MANAGER'],
    });
    await seeder.createUser({ ...OFFICE, name: 'Tarık', surname: 'Ersoy', roles: ['BACKOFFICE_ADMIN'] });
    for (const buyer of KNOWN) await seeder.createBuyer(buyer);
    await fs.rm(erpSourceFile, { force: true });
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await fs.rm(erpSourceFile, { force: true });
  });

  it('synchronizes from the ERP, showing the sync failure alert while the source is missing', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, ACCOUNTING.userName, ACCOUNTING.password);
    expect(await menuLabels(page)).toEqual(expect.arrayContaining(['Müşteri Yönetimi', 'Müşteri Onayı']));
    expect(await menuLabels(page)).not.toContain('Müşteri Deposu Yönetimi');
    await openScreen(page, 'Müşteri Yönetimi', 'Müşteri Yönetimi');
    await row(page, 'E2E-B02').waitFor();
    expect(await row(page, 'E2E-B02').textContent()).toContain('1234567890');
    // The owner of this screen reads each buyer's account (accounting.e2e.test.ts follows the link).
    await row(page, 'E2E-B01').getByRole('link', { name: 'Hesap Özeti' }).waitFor();

    await page.getByRole('button', { name: 'Senkronize Et' }).click();
    const failure = page.getByTestId('sync-error');
    await failure.getByText('Senkronizasyon başarısız').waitFor();
    expect(await failure.textContent()).toContain('ERP kaynak dosyası okunamadı');
    await screenshot(page, 'customers-sync-error');

    await fs.writeFile(
      erpSourceFile,
      JSON.stringify({
        buyers: [
          ...Array.from({ length: 25 }, (_, i) => ({
            code: `E2E-N${String(i + 1).padStart(2, '0')}`,
            title: `Yeni Alıcı ${i + 1} Gıda Ltd. Şti.`,
            ...(i === 24 ? {} : { name: 'Deniz', surname: `Yeni${i + 1}` }),
          })),
          { ...KNOWN[0], title: 'Kuzey Gıda Pazarlama A.Ş.', phone1: '0266 111 22 22' },
          { ...KNOWN[1], addressMain: 'Liman Cad. No: 4 Bandırma' },
          KNOWN[2],
        ],
      }),
    );
    await page.getByRole('button', { name: 'Senkronize Et' }).click();
    await page.getByText("25 yeni, 2 değişen müşteri 'Müşteri Onayı' ekranında onay bekliyor.").waitFor();
    await failure.waitFor({ state: 'detached' });
    await screenshot(page, 'customers-buyers');
  });

  it('pages through the new buyers, keeping the page in the address across reload and back', async () => {
    const { page } = browser;
    await openScreen(page, 'Müşteri Onayı', 'Müşteri Onay Sayfası');
    await page.getByTestId('pending-count').getByText('25 kayıt onay bekliyor').waitFor();
    const status = page.getByTestId('pager-status');
    await status.getByText('Sayfa 1 / 2').waitFor();
    await row(page, 'E2E-N20').waitFor();
    expect(await row(page, 'E2E-N21').count()).toBe(0);
    await screenshot(page, 'customers-approval-page-1');

    await page.getByRole('button', { name: 'Sayfa 2', exact: true }).click();
    await page.waitForURL(/[?&]page=2/);
    await row(page, 'E2E-N25').waitFor();
    await status.getByText('Sayfa 2 / 2').waitFor();
    await page.reload();
    await row(page, 'E2E-N25').waitFor();
    await status.getByText('Sayfa 2 / 2').waitFor();
    await screenshot(page, 'customers-approval-page-2');
    await page.goBack();
    await status.getByText('Sayfa 1 / 2').waitFor();
    await row(page, 'E2E-N01').waitFor();
    await page.getByRole('button', { name: 'Son sayfa' }).click();
    await row(page, 'E2E-N25').waitFor();

    // A new record the ERP sent without a contact name: the form asks for it, then creates the buyer.
    await row(page, 'E2E-N25').getByRole('button', { name: 'Onayla' }).click();
    const approveNew = dialog(page, 'Yeni Müşteriyi Onayla');
    await approveNew.getByRole('textbox', { name: 'Ünvan' }).waitFor();
    await approveNew.getByRole('button', { name: 'Müşteriyi Onayla' }).click();
    await approveNew.getByText('Bu alan zorunludur.').waitFor();
    await approveNew.getByRole('textbox', { name: 'Ad', exact: true }).fill('Sevim');
    await approveNew.getByRole('textbox', { name: 'E-posta' }).fill('sevim@yenialici25.com.tr');
    await screenshot(page, 'customers-approval-new');
    await approveNew.getByRole('button', { name: 'Müşteriyi Onayla' }).click();
    await approveNew.waitFor({ state: 'hidden' });
    await page.getByTestId('pending-count').getByText('24 kayıt onay bekliyor').waitFor();
  });

  it('approves a changed buyer, showing old → new, and the buyer list shows the change', async () => {
    const { page } = browser;
    await page.getByText('Değişen Kayıtlar').click();
    await page.waitForURL(/isNew=false/);
    await row(page, 'E2E-B01').waitFor();
    expect(await row(page, 'E2E-B01').textContent()).toContain('2 alan değişti');
    await screenshot(page, 'customers-approval-changed-list');

    await row(page, 'E2E-B01').getByRole('button', { name: 'Onayla' }).click();
    const approve = dialog(page, 'Müşteri Değişikliğini Onayla');
    const changes = approve.getByTestId('pending-changes');
    await changes.waitFor();
    expect(await changes.textContent()).toContain('Kuzey Gıda Ltd. Şti.');
    expect(await changes.textContent()).toContain('Kuzey Gıda Pazarlama A.Ş.');
    expect(await approve.getByRole('textbox', { name: 'Ünvan' }).inputValue()).toBe(
      'Kuzey Gıda Pazarlama A.Ş.',
    );
    await approve.getByRole('textbox', { name: 'Soyad' }).fill('Karaman');
    await screenshot(page, 'customers-approval-changed');
    await approve.getByRole('button', { name: 'Müşteriyi Onayla' }).click();
    await approve.waitFor({ state: 'hidden' });
    await row(page, 'E2E-B01').waitFor({ state: 'detached' });

    await openScreen(page, 'Müşteri Yönetimi', 'Müşteri Yönetimi');
    const updated = row(page, 'E2E-B01');
    await updated.getByText('Kuzey Gıda Pazarlama A.Ş.').waitFor();
    expect(await updated.textContent()).toContain('Oya Karaman');
    expect(await updated.textContent()).toContain('0266 111 22 22');
    await row(page, 'E2E-N25').getByText('Sevim', { exact: true }).waitFor();
  });

  it('adds a buyer, refusing a taken code and a bad T.C. number with the server and form messages', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Müşteri Ekle' }).click();
    const add = dialog(page, 'Müşteri Ekle');
    await add.getByRole('textbox', { name: 'Müşteri kodu' }).fill('E2E-B02');
    await add.getByRole('textbox', { name: 'Ünvan' }).fill('Batı Mandıra Ürünleri');
    await add.getByRole('textbox', { name: 'T.C. kimlik no' }).fill('12345678901');
    await add.getByRole('button', { name: 'Kaydet' }).click();
    await add.getByText('Geçersiz T.C. kimlik numarası.').waitFor();
    await add.getByRole('textbox', { name: 'T.C. kimlik no' }).fill('10000000146');
    await add.getByRole('button', { name: 'Kaydet' }).click();
    await add.getByTestId('form-error').getByText("'E2E-B02' kodlu bir müşteri zaten kayıtlı.").waitFor();
    await screenshot(page, 'customers-add-duplicate');
    await add.getByRole('textbox', { name: 'Müşteri kodu' }).fill('E2E-B04');
    await add.getByRole('button', { name: 'Kaydet' }).click();
    await add.waitFor({ state: 'hidden' });
    await page.getByPlaceholder('Ara...').fill('batı mandıra');
    await row(page, 'E2E-B04').waitFor();
    expect(await row(page, 'E2E-B04').textContent()).toContain('10000000146');
    await signOutThroughUi(page);
  });
});

describe('customer warehouses as a back-office administrator', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('places a delivery warehouse on the map, then moves it', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, OFFICE.userName, OFFICE.password);
    expect(await menuLabels(page)).toContain('Müşteri Deposu Yönetimi');
    await openScreen(page, 'Müşteri Deposu Yönetimi', 'Müşteri Deposu Yönetimi');
    // Other browser tests share the server and may have given their own buyers warehouses; this buyer has none.
    await expect.poll(() => page.getByTestId('table-count').textContent()).toMatch(/kayıt$/);
    expect(await row(page, 'Güney Şarküteri').count()).toBe(0);

    await page.getByRole('button', { name: 'Yeni Depo' }).click();
    const form = dialog(page, 'Depo Tanımı');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.getByText('Bu alan zorunludur.').first().waitFor();
    await form.getByRole('combobox', { name: 'Müşteri' }).click();
    await page.getByRole('option', { name: 'Güney Şarküteri' }).click();
    await form.getByRole('textbox', { name: 'Depo Kodu' }).fill('GNY-D1');
    await form.getByRole('textbox', { name: 'Depo Adı' }).fill('Bandırma Teslimat Noktası');
    const map = form.getByTestId('map-picker');
    await map.click({ position: { x: 320, y: 140 } });
    const latitude = form.getByRole('textbox', { name: 'Enlem' });
    await expect.poll(() => latitude.inputValue()).not.toBe('');
    const picked = Number((await latitude.inputValue()).replace(',', '.'));
    expect(picked).toBeGreaterThan(39);
    expect(picked).toBeLessThan(40.5);
    await screenshot(page, 'customers-warehouse-form');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.waitFor({ state: 'hidden' });

    const saved = row(page, 'GNY-D1');
    await saved.waitFor();
    expect(await saved.textContent()).toContain('Güney Şarküteri');
    // Shown as the form's field shows it: up to six decimals after a Turkish comma (decision 107).
    expect(await saved.textContent()).toContain(picked.toLocaleString('tr-TR', { maximumFractionDigits: 6 }));
    await screenshot(page, 'customers-warehouses');

    // Editing reopens the same point; typed coordinates move it.
    await saved.getByRole('button', { name: 'Düzenle' }).click();
    await form.getByRole('textbox', { name: 'Depo Adı' }).waitFor();
    expect(await form.getByRole('textbox', { name: 'Depo Adı' }).inputValue()).toBe(
      'Bandırma Teslimat Noktası',
    );
    expect(Number((await latitude.inputValue()).replace(',', '.'))).toBeCloseTo(picked, 5);
    await latitude.fill('40.35');
    await form.getByRole('textbox', { name: 'Boylam' }).fill('27.97');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.waitFor({ state: 'hidden' });
    await row(page, 'GNY-D1').getByText('40,35', { exact: true }).waitFor();
    await signOutThroughUi(page);
  });
});
