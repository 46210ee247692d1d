import type { Buyer } from '@mandira/contract/buyers';
import type { ProductItem } from '@mandira/contract/products';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder, productItemBody } from './seed.ts';
import { dialog, signInThroughUi, signOutThroughUi } from './ui.ts';

const baseUrl = inject('baseUrl');
const ACCOUNTING = { userName: 'discard.muhasebe.e2e', password: 'discard-muhasebe-1234' };
const STAFF = { userName: 'discard.depo.e2e', password: 'discard-depo-1234' };
const CHEESE = { stockCode: 'STK-7301', name: 'Taze Kaşar' };
const TYPED_TITLE = 'Vazgeçilen Gıda Ltd. Şti.';

const question = (page: Page) => dialog(page, 'Değişiklikler kaydedilmedi');

/** The ways out of a form that are not its save: each must ask while the form holds typed input. */
const WAYS_OUT: Record<string, (page: Page, form: Locator) => Promise<void>> = {
  Esc: (page) => page.keyboard.press('Escape'),
  // Left of the centred modal: the dimmed backdrop.
  backdrop: (page) => page.mouse.click(12, 500),
  '×': (_page, form) => form.locator('.mantine-Modal-close').click(),
  İptal: (_page, form) => form.getByRole('button', { name: 'İptal' }).click(),
};

/** Every way out asks; 'Formda Kal' leaves the form open with the text in `field`. */
async function expectEveryWayOutAsks(page: Page, form: Locator, field: Locator, typed: string) {
  for (const [way, leave] of Object.entries(WAYS_OUT)) {
    await leave(page, form);
    await question(page).waitFor();
    await screenshot(page, `discard-form-asked-${way === '×' ? 'x' : way}`);
    expect(await question(page).innerText(), way).toContain('Formu kapatırsanız bu bilgiler silinecek.');
    await question(page).getByRole('button', { name: 'Formda Kal' }).click();
    await question(page).waitFor({ state: 'hidden' });
    expect(await form.isVisible(), way).toBe(true);
    expect(await field.inputValue(), way).toBe(typed);
  }
}

async function discard(page: Page, form: Locator) {
  await page.keyboard.press('Escape');
  await question(page).getByRole('button', { name: 'Bilgileri Sil ve Kapat' }).click();
  await form.waitFor({ state: 'hidden' });
  await question(page).waitFor({ state: 'hidden' });
  // Asked once: no second question follows the answer.
  await page.waitForTimeout(300);
  expect(await question(page).count()).toBe(0);
}

describe('a form with typed input asks before it closes', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...ACCOUNTING, name: 'Derya', surname: 'Koç', roles: ['ACCOUNTING_MANAGER'] });
    await seeder.createUser({ ...STAFF, name: 'Murat', surname: 'Işık', roles: ['WAREHOUSE_STAFF'] });
    await seeder.createProductItem(productItemBody(CHEESE.stockCode, CHEESE.name));
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('Müşteri Ekle: Esc, backdrop, × and İptal ask; confirmed, nothing is saved', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'discard-form-buyer-failed');
    });
    await signInThroughUi(page, baseUrl, ACCOUNTING.userName, ACCOUNTING.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Müşteri Yönetimi' }).first().click();
    await page.getByRole('heading', { name: 'Müşteri Yönetimi' }).waitFor();
    const form = dialog(page, 'Müşteri Ekle');

    // Untouched, Esc closes it at once.
    await page.getByRole('button', { name: 'Müşteri Ekle' }).click();
    await form.waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    expect(await question(page).count()).toBe(0);

    await page.getByRole('button', { name: 'Müşteri Ekle' }).click();
    const title = form.getByRole('textbox', { name: 'Ünvan' });
    await title.fill(TYPED_TITLE);
    await page.keyboard.press('Escape');
    await question(page).waitFor();
    await screenshot(page, 'discard-form-buyer-asked');
    await question(page).getByRole('button', { name: 'Formda Kal' }).click();
    await question(page).waitFor({ state: 'hidden' });
    await expectEveryWayOutAsks(page, form, title, TYPED_TITLE);

    await discard(page, form);
    const buyers = await seeder.call<Buyer[]>('GET', '/buyers');
    expect(buyers.some((buyer) => buyer.title === TYPED_TITLE)).toBe(false);
    await signOutThroughUi(page);
  });

  it('Mal Giriş: a typed quantity is asked about the same way; confirmed, no stock moves', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, STAFF.userName, STAFF.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Mal Giriş Çıkış' }).first().click();
    await page.waitForURL('**/mal-giris-cikis-yonetimi');
    await page.getByRole('textbox', { name: 'Ara' }).fill(CHEESE.stockCode);
    const cheese = page.getByRole('row').filter({ hasText: CHEESE.stockCode });
    const form = dialog(page, `Mal Giriş: ${CHEESE.stockCode} - ${CHEESE.name}`);

    await cheese.getByRole('button', { name: 'Mal Giriş' }).click();
    await form.getByLabel('Depo-1 giriş miktarı').waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    expect(await question(page).count()).toBe(0);

    await cheese.getByRole('button', { name: 'Mal Giriş' }).click();
    await form.getByRole('button', { name: 'Üretimden Mal Girişi' }).click();
    const quantity = form.getByLabel('Depo-1 giriş miktarı');
    await quantity.fill('40');
    await expectEveryWayOutAsks(page, form, quantity, '40');
    await screenshot(page, 'discard-form-goods-in-kept');

    await discard(page, form);
    const items = await seeder.call<ProductItem[]>('GET', '/product-item');
    const stocks = items.find((item) => item.stockCode === CHEESE.stockCode)?.stocks ?? [];
    expect(stocks.reduce((sum, line) => sum + line.quantity, 0)).toBe(0);
    await signOutThroughUi(page);
  });
});
