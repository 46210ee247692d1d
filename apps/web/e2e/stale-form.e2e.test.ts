import type { Buyer } from '@mandira/contract/buyers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { ApiSeeder } from './seed.ts';
import { dialog, screenshotFromTop, signInThroughUi, signOutThroughUi, tableRow } from './ui.ts';

const baseUrl = inject('baseUrl');
const EDITOR = { userName: 'selin.oz', password: 'surum-e2e-1234' };
const OTHER = { userName: 'ayse.yilmaz', password: 'surum-e2e-5678' };

/** A form whose record another user saved first says so and keeps what was typed (docs/domain/record-versions.md). */
describe('a buyer form whose buyer changed underneath', () => {
  let browser: BrowserSession;
  let buyer: Buyer;
  let other: ApiSeeder;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...EDITOR, name: 'Selin', surname: 'Öz', roles: ['ACCOUNTING_MANAGER'] });
    await seeder.createUser({ ...OTHER, name: 'Ayşe', surname: 'Yılmaz', roles: ['ACCOUNTING_MANAGER'] });
    buyer = await seeder.createBuyer({ code: 'E2E-SRM', title: 'Sürüm Gıda Ltd. Şti.' });
    other = await ApiSeeder.as(baseUrl, OTHER.userName, OTHER.password);
    browser = await openBrowser();
  });

  afterAll(() => browser?.close());

  it('shows who changed it, keeps the typed text, and loads the latest on request', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, EDITOR.userName, EDITOR.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Müşteri Yönetimi' }).click();
    await tableRow(page, 'E2E-SRM').getByRole('button', { name: 'Düzenle' }).click();
    const form = dialog(page, 'Müşteriyi Düzenle');
    const title = form.getByRole('textbox', { name: 'Ünvan' });
    await title.waitFor();
    expect(await title.inputValue()).toBe('Sürüm Gıda Ltd. Şti.');

    // Ayşe saves the buyer while the form is open.
    await other.call('PUT', '/buyers', {
      ...buyer,
      title: 'Sürüm Gıda A.Ş.',
      addressMain: 'Yeni adres',
      version: buyer.version,
    });

    await title.fill('Sürüm Süt Ürünleri Ltd. Şti.');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    const alert = form.getByTestId('stale-record');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /Bu kayıt siz açtıktan sonra Ayşe Yılmaz tarafından değiştirildi \(\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\)\. Son hâlini görmek için formu kapatıp yeniden açın\./,
    );
    expect(await title.inputValue()).toBe('Sürüm Süt Ürünleri Ltd. Şti.');
    await screenshotFromTop(page, 'stale-form-conflict');

    await alert.getByRole('button', { name: 'Son hâlini yükle' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Ünvan' }).inputValue())
      .toBe('Sürüm Gıda A.Ş.');
    expect(await form.getByRole('textbox', { name: 'Adres', exact: true }).inputValue()).toBe('Yeni adres');

    // Saved from the latest version, the change goes through.
    await form.getByRole('textbox', { name: 'Ünvan' }).fill('Sürüm Süt Ürünleri Ltd. Şti.');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.waitFor({ state: 'hidden' });
    await tableRow(page, 'Sürüm Süt Ürünleri Ltd. Şti.').waitFor();
    await signOutThroughUi(page);
  });
});
