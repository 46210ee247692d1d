import type { AccountingTransaction } from '@mandira/contract/accounting';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { ApiSeeder, placedOrder, stockedProduct } from './seed.ts';
import { ADMIN_PASSWORD, ADMIN_USER, SCREENSHOT_DIR, UI_TIMEOUT_MS } from './settings.ts';
import { cancelTypedForm, dialog, screenshotFromTop, signInThroughUi, storedToken, tableRow } from './ui.ts';
import { isInViewUncovered, LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
const FINANCE = { userName: 'oturum.finans', password: 'oturum-finans-1234', fullName: 'Nihan Çelik' };
/** A colleague at the same desk who may take payments too. */
const COLLEAGUE = { userName: 'oturum.kasa', password: 'oturum-kasa-1234', fullName: 'Kemal Aydın' };
// 1,5 kg packs, out of the 1500 g group the order suite counts on this shared server.
const PRODUCT = { code: 'STK-8611', name: 'Kars Kaşarı 1,5 kg', price: 250 };

/** Fills the sign-in page's form and presses the button. */
async function signInOnPage(page: Page, user: { userName: string; password: string }) {
  await page.locator('input[name="userName"]').fill(user.userName);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
}

/** Ends the session shared by every tab of the browser, from a tab of its own. */
async function signOutInAnotherTab(session: BrowserSession) {
  const other = await session.context.newPage();
  await other.goto(`${baseUrl}/cikis`);
  await other.waitForURL('**/portal-giris', { timeout: UI_TIMEOUT_MS });
  await other.close();
}

describe('an ended session under an open form, a forbidden page, and the sign-in form', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  let buyerId: number;
  let accountUrl: string;

  async function paymentsWithInvoice(invoice: string) {
    const rows = await seeder.call<AccountingTransaction[]>(
      'GET',
      `/accounting/transactions?buyerId=${buyerId}`,
    );
    return rows.filter((row) => row.logoInvoiceId === invoice);
  }

  /** Opens the buyer's account as a user moves within the portal (menu, then buyer), then its pay modal. */
  async function openPayModal(page: Page) {
    await page.getByTestId('menu-entry').filter({ hasText: 'Müşteri Finans Yönetimi' }).click();
    await page.getByRole('combobox', { name: 'Müşteri', exact: true }).fill('kars');
    await page.getByRole('option', { name: /Kars Kaşar Evi/ }).click();
    await page.waitForURL(accountUrl, { timeout: UI_TIMEOUT_MS });
    await tableRow(page, 'Yeni Sipariş').getByRole('button', { name: 'Öde' }).click();
    return dialog(page, 'Sipariş Ödemesi');
  }

  /** The pay modal of the buyer's order with this amount and invoice number typed. */
  async function typePayment(page: Page, amount: string, invoice: string) {
    const pay = await openPayModal(page);
    await pay.getByRole('textbox', { name: 'Tutar' }).fill(amount);
    await pay.getByRole('textbox', { name: 'Logo Fatura No' }).fill(invoice);
    return pay;
  }

  /** Counts the payment requests the page sends from now on. */
  function countPayRequests(page: Page) {
    const sent = { count: 0 };
    page.on('request', (request) => {
      if (request.url().endsWith('/api/accounting/pay-order')) sent.count += 1;
    });
    return sent;
  }

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    for (const [user, [name, surname]] of [
      [FINANCE, ['Nihan', 'Çelik']],
      [COLLEAGUE, ['Kemal', 'Aydın']],
    ] as const) {
      await seeder.createUser({
        userName: user.userName,
        password: user.password,
        name,
        surname,
        roles: ['FINANCE_ADMIN'],
      });
    }
    buyerId = (
      await seeder.createBuyer({ code: 'E2E-OT1', title: 'Kars Kaşar Evi', name: 'Zerrin', surname: 'Güneş' })
    ).id;
    const product = await stockedProduct(seeder, PRODUCT, 60);
    // 2 boxes of 6 at ₺250: ₺3.000 owed.
    await placedOrder(
      seeder,
      { buyerId, productId: product.id, boxes: 2 },
      { buyerRequestReferenceCode: 'KRS-1' },
    );
    accountUrl = `${baseUrl}/musteri-finans-yonetimi?buyerId=${buyerId}`;
    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  beforeEach(({ onTestFailed, task }) => {
    onTestFailed(async () => {
      await browser.page.screenshot({
        path: `${SCREENSHOT_DIR}/session-failed-${task.name.slice(0, 20)}.png`,
      });
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('keeps a payment typed in one tab when another signs out, asks for the password and saves it once', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, FINANCE.userName, FINANCE.password);
    const pay = await typePayment(page, '2.500', 'OTR-2500');
    const sent = countPayRequests(page);

    await signOutInAnotherTab(browser);
    expect(await storedToken(page)).toBeNull();
    await pay.getByRole('button', { name: 'Ödemeyi Kaydet' }).click();

    // The screen and what was typed stay; the user name is filled in, the password asked for.
    const again = dialog(page, 'Oturumunuz sona erdi');
    await again.waitFor();
    expect(await again.getByRole('textbox', { name: 'Kullanıcı adı' }).inputValue()).toBe(FINANCE.userName);
    expect(await pay.getByRole('textbox', { name: 'Tutar' }).inputValue()).toBe('2.500,00');
    expect(await pay.getByRole('textbox', { name: 'Logo Fatura No' }).inputValue()).toBe('OTR-2500');
    expect(page.url()).toBe(accountUrl);
    await screenshotFromTop(page, 'session-sign-in-again');
    // Back does nothing while the password is asked: the payment waits for it.
    await page.evaluate(() => history.back());
    await page.waitForTimeout(500);
    // The guard puts the entry back as soon as the browser reports Back; on a busy machine that
    // report may come later than any fixed wait.
    await expect.poll(() => page.url(), { timeout: 10_000 }).toBe(accountUrl);
    expect(await again.isVisible()).toBe(true);
    expect(await dialog(page, 'Değişiklikler kaydedilmedi').count()).toBe(0);

    // Nothing typed: the fields say so and nothing is sent.
    await again.getByRole('button', { name: 'Giriş Yap ve Devam Et' }).click();
    await again.getByText('Şifrenizi giriniz.').waitFor();
    await again.locator('input[name="password"]').fill(FINANCE.password);
    await again.getByRole('button', { name: 'Giriş Yap ve Devam Et' }).click();

    await again.waitFor({ state: 'hidden' });
    await pay.waitFor({ state: 'hidden' });
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'ödeme kaydedildi' });
    await toast.waitFor();
    expect(sent.count).toBe(2);
    const saved = await paymentsWithInvoice('OTR-2500');
    expect(saved.map((row) => row.amount)).toEqual([2500]);
    expect(await tableRow(page, 'Yeni Sipariş').textContent()).toContain('₺500,00');

    // The toast sits below the header: the user's name and 'Çıkış' stay in view.
    const header = (await page.locator('header').boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(await isInViewUncovered(page, page.getByTestId('signed-in-user'))).toBe(true);
    expect(await isInViewUncovered(page, page.getByRole('link', { name: 'Çıkış', exact: true }))).toBe(true);
    await screenshotFromTop(page, 'session-saved-once');
  });

  it('says nothing was saved when someone else signs in over the form, and does not send it again', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/dashboard`);
    const pay = await typePayment(page, '500', 'OTR-0500');
    const sent = countPayRequests(page);
    await signOutInAnotherTab(browser);
    await pay.getByRole('button', { name: 'Ödemeyi Kaydet' }).click();

    const again = dialog(page, 'Oturumunuz sona erdi');
    await again.getByRole('textbox', { name: 'Kullanıcı adı' }).fill(COLLEAGUE.userName);
    await again.locator('input[name="password"]').fill(COLLEAGUE.password);
    await again.getByRole('button', { name: 'Giriş Yap ve Devam Et' }).click();

    const switched = dialog(page, 'Başka bir kullanıcıyla giriş yapıldı');
    const notice = switched.getByTestId('not-saved');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`${FINANCE.fullName} adına yapılan son işlem kaydedilmedi`);
    expect(await notice.textContent()).toContain(`Şimdi ${COLLEAGUE.fullName} olarak giriş yaptınız`);
    await screenshotFromTop(page, 'session-other-user');
    await switched.getByRole('button', { name: 'Tamam' }).click();

    // The form stays with what was typed and says why it was not saved; the header names the colleague.
    await pay
      .getByTestId('form-error')
      .getByText(/bu işlem kaydedilmedi/)
      .waitFor();
    expect(await pay.getByRole('textbox', { name: 'Tutar' }).inputValue()).toBe('500,00');
    await expect.poll(() => page.getByTestId('signed-in-user').textContent()).toBe(COLLEAGUE.fullName);
    expect(sent.count).toBe(1);
    expect(await paymentsWithInvoice('OTR-0500')).toEqual([]);
    await screenshotFromTop(page, 'session-other-user-form');
    await cancelTypedForm(page, pay);
  });

  it('returns to the screen the user was on after signing in again on the sign-in page', async () => {
    const { page } = browser;
    // Giving up the password modal leads to the sign-in page, and the sign-in back to the account.
    const pay = await typePayment(page, '100', 'OTR-0100');
    await signOutInAnotherTab(browser);
    await pay.getByRole('button', { name: 'Ödemeyi Kaydet' }).click();
    await dialog(page, 'Oturumunuz sona erdi').getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.waitForURL('**/portal-giris', { timeout: UI_TIMEOUT_MS });
    await signInOnPage(page, FINANCE);
    await page.waitForURL(accountUrl, { timeout: UI_TIMEOUT_MS });
    await tableRow(page, 'Yeni Sipariş').waitFor();

    // An expired session found on arrival: the same.
    await signOutInAnotherTab(browser);
    await page.reload();
    await page.waitForURL('**/portal-giris', { timeout: UI_TIMEOUT_MS });
    await signInOnPage(page, FINANCE);
    await page.waitForURL(accountUrl, { timeout: UI_TIMEOUT_MS });
    await page.getByRole('heading', { name: 'Müşteri Finans Yönetimi' }).waitFor();
    expect(await paymentsWithInvoice('OTR-0100')).toEqual([]);
  });

  it('tells a signed-in user that a page is not theirs, with the way back and a sign-in as someone else', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/kullanici-yonetimi`);
    await page.waitForURL('**/portal-giris', { timeout: UI_TIMEOUT_MS });
    const notice = page.getByTestId('forbidden-notice');
    await notice.getByRole('heading', { name: 'Bu sayfayı açma yetkiniz yok' }).waitFor();
    expect(await notice.getByTestId('forbidden-user').textContent()).toBe(
      `${FINANCE.fullName} (${FINANCE.userName})`,
    );
    expect(await page.locator('input[name="userName"]').count()).toBe(0);
    await screenshotFromTop(page, 'session-forbidden');

    await notice.getByRole('link', { name: "Ana Sayfa'ya dön" }).click();
    await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
    await page.getByRole('heading', { name: 'Hoş geldiniz!' }).waitFor();

    // Someone who may open it signs in and lands on the page that was refused.
    await page.goto(`${baseUrl}/kullanici-yonetimi`);
    await page.getByRole('button', { name: 'Başka bir kullanıcıyla giriş yap' }).click();
    await page.locator('input[name="userName"]').waitFor();
    expect(await storedToken(page)).toBeNull();
    await signInOnPage(page, { userName: ADMIN_USER, password: ADMIN_PASSWORD });
    await page.waitForURL('**/kullanici-yonetimi', { timeout: UI_TIMEOUT_MS });
    await page.getByRole('heading', { name: 'Kullanıcı Yönetimi' }).waitFor();
  });

  it('asks before browser Back throws away what was typed into a modal', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, FINANCE.userName, FINANCE.password);
    const pay = await openPayModal(page);
    const amount = pay.getByRole('textbox', { name: 'Tutar' });
    await amount.fill('250');

    await page.evaluate(() => history.back());
    const ask = dialog(page, 'Değişiklikler kaydedilmedi');
    await ask.waitFor();
    await screenshotFromTop(page, 'session-back-guard');
    await ask.getByRole('button', { name: 'Formda Kal' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(accountUrl);
    expect(await amount.inputValue()).toBe('250,00');

    await page.evaluate(() => history.back());
    await ask.getByRole('button', { name: 'Bilgileri Sil ve Ayrıl' }).click();
    await page.waitForURL(`${baseUrl}/musteri-finans-yonetimi`, { timeout: UI_TIMEOUT_MS });
    await pay.waitFor({ state: 'hidden' });

    // A modal opened and left untouched does not ask.
    await openPayModal(page);
    await pay.waitFor();
    await page.evaluate(() => history.back());
    await page.waitForURL(`${baseUrl}/musteri-finans-yonetimi`, { timeout: UI_TIMEOUT_MS });
    expect(await ask.count()).toBe(0);
  });

  it('answers an empty sign-in form on its fields without asking the server, and drops a stale error', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/cikis`);
    await page.waitForURL('**/portal-giris', { timeout: UI_TIMEOUT_MS });
    let signIns = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user-access/sign-in')) signIns += 1;
    });
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.getByText('Kullanıcı adını giriniz.').waitFor();
    await page.getByText('Şifrenizi giriniz.').waitFor();
    expect(await page.locator('input[name="userName"]').getAttribute('aria-invalid')).toBe('true');
    expect(signIns).toBe(0);
    await screenshotFromTop(page, 'session-sign-in-empty');

    await page.locator('input[name="userName"]').fill(FINANCE.userName);
    expect(await page.getByText('Kullanıcı adını giriniz.').count()).toBe(0);
    await page.locator('input[name="password"]').fill('yanlis-sifre');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.getByTestId('sign-in-error').waitFor();
    expect(signIns).toBe(1);
    // Typing again means the refusal no longer speaks of what is in the form.
    await page.locator('input[name="password"]').fill('yanlis-sifre2');
    expect(await page.getByTestId('sign-in-error').count()).toBe(0);
  });
});
