import type { CreateBuyerBody } from '@mandira/contract/buyers';
import type { Order } from '@mandira/contract/orders';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { ApiSeeder, placedOrder, stockedProduct } from './seed.ts';
import { SCREENSHOT_DIR } from './settings.ts';
import { dialog, menuLabels, screenshotFromTop, signInThroughUi, signOutThroughUi, tableRow } from './ui.ts';
import { LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
/** Finance with the buyer list too: 'Hesap Özeti' on that list leads to the account. */
const FINANCE = { userName: 'finans.e2e', password: 'finans-e2e-1234' };
/** The customer screen's owner alone: reads the account, never pays (decision 104). */
const BUYER_MANAGER = { userName: 'muhasebe.e2e', password: 'muhasebe-e2e-1234' };
const BUYER: CreateBuyerBody = {
  code: 'E2E-A01',
  title: 'Ayvalık Zeytin ve Peynir Evi',
  name: 'Şule',
  surname: 'Işık',
};
const OTHER: CreateBuyerBody = {
  code: 'E2E-A02',
  title: 'Gömeç Kahvaltı Salonu',
  name: 'Ali',
  surname: 'Er',
};
// 1,5 kg packs: out of the 1500 g group, whose products the order suite counts on this shared server.
const PRODUCT = { code: 'STK-8501', name: 'Ezine Beyaz Peynir 1,5 kg', price: 185.5 };
/** 2 boxes of 6 at ₺185,50. */
const ORDER_TOTAL = '₺2.226,00';

function card(page: Page, testId: string) {
  return page.getByTestId(testId).getByTestId('figure');
}

async function cardsText(page: Page) {
  return Object.fromEntries(
    await Promise.all(
      ['card-order-count', 'card-orders', 'card-payments', 'card-refunds', 'card-balance'].map(
        async (id) => [id, (await card(page, id).textContent())?.trim()] as const,
      ),
    ),
  );
}

/** The statement's Excel file as rows of values (empty rows left out), and its sheet. */
async function readSheet(file: string): Promise<{ rows: unknown[][]; sheet: ExcelJS.Worksheet }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  const sheet = workbook.worksheets[0]!;
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { rows, sheet };
}

/** A choice of a segmented control: its label. */
function choice(scope: Locator, label: string): Locator {
  return scope.locator('label').filter({ hasText: new RegExp(`^${label}$`) });
}

function paneOf(page: Page, tab: string): Locator {
  return page.getByRole('tabpanel', { name: tab });
}

describe('buyer accounting as finance', () => {
  let browser: BrowserSession;
  let order: Order;
  let buyerId: number;
  let productId: number;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({
      ...FINANCE,
      name: 'Nihan',
      surname: 'Çelik',
      roles: ['FINANCE_ADMIN', 'ACCOUNTING_MANAGER'],
    });
    await seeder.createUser({
      ...BUYER_MANAGER,
      name: 'Gülşen',
      surname: 'Öztürk',
      roles: ['ACCOUNTING_MANAGER'],
    });
    buyerId = (await seeder.createBuyer(BUYER)).id;
    await seeder.createBuyer(OTHER);
    // An order for the buyer, placed the way the order screens place it: its total is what is owed.
    productId = (await stockedProduct(seeder, PRODUCT, 120)).id;
    order = await placedOrder(
      seeder,
      { buyerId, productId, boxes: 2 },
      { buyerRequestReferenceCode: 'AYV-2026-31' },
    );
    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens the account from the buyer list, takes part of an order in cash, and shows the change', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/accounting-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, FINANCE.userName, FINANCE.password);
    expect(await menuLabels(page)).toEqual(
      expect.arrayContaining(['Müşteri Yönetimi', 'Müşteri Finans Yönetimi']),
    );

    // Without a buyer in the address the screen asks for one; choosing it puts it in the address.
    await page.getByTestId('menu-entry').filter({ hasText: 'Müşteri Finans Yönetimi' }).click();
    await page.getByRole('heading', { name: 'Müşteri Finans Yönetimi' }).waitFor();
    await page.getByText('Hesabını görmek istediğiniz müşteriyi sağ üstten seçiniz.').waitFor();
    await screenshotFromTop(page, 'accounting-choose-buyer');
    await page.getByRole('combobox', { name: 'Müşteri', exact: true }).fill('gömeç');
    await page.getByRole('option', { name: /Gömeç Kahvaltı Salonu/ }).click();
    await page.waitForURL(/\/musteri-finans-yonetimi\?buyerId=\d+$/);
    await expect.poll(() => card(page, 'card-order-count').textContent()).toBe('0');
    await page.getByText('Kayıt bulunamadı').waitFor();

    // From the buyer list: 'Hesap Özeti' opens this buyer's account.
    await page.getByTestId('menu-entry').filter({ hasText: 'Müşteri Yönetimi' }).click();
    await page.getByRole('heading', { name: 'Müşteri Yönetimi' }).waitFor();
    await page.getByPlaceholder('Ara...').fill('ayvalık zeytin');
    await tableRow(page, BUYER.code).getByRole('link', { name: 'Hesap Özeti' }).click();
    await page.waitForURL(`**/musteri-finans-yonetimi?buyerId=${buyerId}`);
    await page.getByTestId('account-buyer').getByText(BUYER.title).waitFor();
    await expect
      .poll(() => cardsText(page))
      .toEqual({
        'card-order-count': '1',
        'card-orders': ORDER_TOTAL,
        'card-payments': '₺0,00',
        'card-refunds': '₺0,00',
        'card-balance': ORDER_TOTAL,
      });
    expect(await page.getByTestId('balance-standing').textContent()).toBe('Borçlu');
    const orderRow = tableRow(page, 'Yeni Sipariş');
    expect(await orderRow.textContent()).toContain(String(order.orderNumber));
    await screenshotFromTop(page, 'accounting-page');

    // The pay button opens the modal with the order and what is open on it.
    await orderRow.getByRole('button', { name: 'Öde' }).click();
    const pay = dialog(page, 'Sipariş Ödemesi');
    const amount = pay.getByRole('textbox', { name: 'Tutar' });
    await expect.poll(() => amount.inputValue()).toBe('2.226,00');
    expect(await pay.getByTestId('pay-order-summary').textContent()).toContain(ORDER_TOTAL);
    // A refund is paid back as 'İade' only; a payment in cash or by transfer.
    await choice(pay, 'Ürün İadesi').click();
    expect(await choice(pay, 'Nakit').count()).toBe(0);
    await choice(pay, 'İade').waitFor();
    await choice(pay, 'Sipariş Ödemesi').click();
    await choice(pay, 'Nakit').click();

    // More than is open is refused by the server, on the amount, and nothing is written.
    await amount.fill('3.000');
    await pay.getByRole('button', { name: 'Ödemeyi Kaydet' }).click();
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    expect(await card(page, 'card-payments').textContent()).toBe('₺0,00');
    await screenshotFromTop(page, 'accounting-pay-refused');

    await amount.fill('1000');
    await pay.getByRole('textbox', { name: 'Logo Fatura No' }).fill('LG-2026-0042');
    await screenshotFromTop(page, 'accounting-pay-modal');
    await pay.getByRole('button', { name: 'Ödemeyi Kaydet' }).click();
    await pay.waitFor({ state: 'hidden' });

    await expect
      .poll(() => cardsText(page))
      .toEqual({
        'card-order-count': '1',
        'card-orders': ORDER_TOTAL,
        'card-payments': '₺1.000,00',
        'card-refunds': '₺0,00',
        'card-balance': '₺1.226,00',
      });
    const paymentRow = tableRow(page, 'LG-2026-0042');
    await paymentRow.waitFor();
    const paymentText = (await paymentRow.textContent()) ?? '';
    expect(paymentText).toContain('Sipariş Ödemesi');
    expect(paymentText).toContain('Nakit');
    expect(paymentText).toContain('₺1.000,00');
    // The order's row now has ₺1.226,00 open; the payment's row has no pay button.
    expect(await tableRow(page, 'Yeni Sipariş').textContent()).toContain('₺1.226,00');
    expect(await paymentRow.getByRole('button', { name: 'Öde' }).count()).toBe(0);
    await screenshotFromTop(page, 'accounting-paid');
  });

  it('shows the statement with its running balance, as Excel and as PDF', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: 'Hesap Ekstresi' }).click();
    const statement = paneOf(page, 'Hesap Ekstresi');
    await tableRow(statement, 'Kapanış bakiyesi').waitFor();
    // Opening 0 (everything happened in the last 30 days), +2.226 order, −1.000 cash, closing 1.226.
    expect(await tableRow(statement, 'Açılış bakiyesi').textContent()).toContain('₺0,00');
    expect(await tableRow(statement, 'Nakit').textContent()).toContain('₺1.226,00');
    expect(await tableRow(statement, 'Kapanış bakiyesi').textContent()).toContain('₺1.226,00');
    await screenshotFromTop(page, 'accounting-statement');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      statement.getByRole('button', { name: 'Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^hesap-ekstresi-E2E-A01-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const { rows: all, sheet } = await readSheet((await download.path())!);
    // A heading names the buyer and the period, as the PDF does; the table follows it.
    expect(all[0]).toEqual(['Hesap Ekstresi']);
    expect(all[1]).toEqual(['Müşteri', expect.stringContaining('(E2E-A01)')]);
    expect(all[2]).toEqual(['Dönem', expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/)]);
    expect(all[3]![0]).toBe('Düzenlenme');
    const rows = all.slice(4);
    expect(rows[0]).toEqual([
      'Tarih',
      'Sipariş No',
      'Açıklama',
      'İşlem',
      'Ödeme Tipi',
      'Logo Fatura No',
      'Borç',
      'Alacak',
      'Bakiye',
    ]);
    expect(rows).toHaveLength(5);
    const balance = (row: unknown[]) => row[8];
    expect(balance(rows[1]!)).toBe(0);
    expect(rows[2]![3]).toBe('Yeni Sipariş');
    expect(balance(rows[2]!)).toBe(2226);
    expect(rows[3]![4]).toBe('Nakit');
    expect(rows[3]![7]).toBe(1000);
    expect(balance(rows[3]!)).toBe(1226);
    expect(balance(rows[4]!)).toBe(1226);
    // Dates are dates and amounts lira to Excel, one label for the opening line, columns wide enough.
    expect(rows[1]![2]).toBe('Açılış bakiyesi');
    expect(rows[2]![0]).toBeInstanceOf(Date);
    expect(sheet.getColumn(1).numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(sheet.getColumn(9).numFmt).toContain('₺');
    expect(sheet.getColumn(3).width).toBeGreaterThanOrEqual('Kapanış bakiyesi (dönem toplamları)'.length);

    // The PDF is fetched with the session's token and opened in a new tab.
    const popup = page.waitForEvent('popup', { timeout: 15_000 }).catch(() => undefined);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().includes('/api/accounting/statement.pdf')),
      statement.getByRole('button', { name: 'PDF' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect((await response.request().sizes()).responseBodySize).toBeGreaterThan(1000);
    const tab = await popup;
    expect(tab?.url()).toMatch(/^blob:/);
    await tab?.close();
    await signOutThroughUi(page);
  });

  it("lets the accounting manager read a buyer's account from 'Hesap Özeti', without paying", async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, BUYER_MANAGER.userName, BUYER_MANAGER.password);
    expect(await menuLabels(page)).toEqual(
      expect.arrayContaining(['Müşteri Yönetimi', 'Müşteri Finans Yönetimi']),
    );
    await page.getByTestId('menu-entry').filter({ hasText: 'Müşteri Yönetimi' }).click();
    await tableRow(page, BUYER.code).getByRole('link', { name: 'Hesap Özeti' }).click();
    await page.waitForURL(new RegExp(`/musteri-finans-yonetimi\\?buyerId=${buyerId}$`));
    const orderRow = tableRow(page, 'Yeni Sipariş');
    await orderRow.waitFor();
    expect(await orderRow.textContent()).toContain(String(order.orderNumber));
    expect(await card(page, 'card-order-count').textContent()).toBe('1');
    // Paying stays with finance: no pay button on the order that still has an open amount.
    expect(await page.getByRole('button', { name: 'Öde', exact: true }).count()).toBe(0);
    await screenshotFromTop(page, 'accounting-read-by-accounting-manager');
    await signOutThroughUi(page);
  });

  it('pages through a busy account 50 transactions at a time, and puts every one in Excel', async () => {
    const { page } = browser;
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    const busy = (await seeder.createBuyer({ ...OTHER, code: 'E2E-A03', title: 'Edremit Şarküteri' })).id;
    const busyOrder = await placedOrder(
      seeder,
      { buyerId: busy, productId, boxes: 1 },
      { buyerRequestReferenceCode: 'EDR-1' },
    );
    // 51 payments of ₺1 after the order: 52 transactions, the order's own the oldest.
    for (let payment = 0; payment < 51; payment += 1) {
      await seeder.call('POST', '/accounting/pay-order', {
        orderId: busyOrder.id,
        payType: 'CASH',
        reason: 'ORDER_PAYMENT',
        amount: 1,
      });
    }

    await signInThroughUi(page, baseUrl, FINANCE.userName, FINANCE.password);
    await page.goto(`${baseUrl}/musteri-finans-yonetimi?buyerId=${busy}`);
    const transactions = paneOf(page, 'Hesap Hareketleri');
    await transactions.getByText('52 kayıt').waitFor();
    await expect.poll(() => transactions.locator('tbody tr').count()).toBe(50);
    expect(await tableRow(transactions, 'Yeni Sipariş').count()).toBe(0);
    await transactions.getByRole('button', { name: 'Sonraki sayfa' }).click();
    const orderRow = tableRow(transactions, 'Yeni Sipariş');
    await orderRow.waitFor();
    expect(await transactions.locator('tbody tr').count()).toBe(2);
    expect(await orderRow.getByRole('button', { name: 'Öde' }).isEnabled()).toBe(true);
    await screenshotFromTop(page, 'accounting-transactions-page-2');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      transactions.getByRole('button', { name: 'Excel' }).click(),
    ]);
    const { rows } = await readSheet((await download.path())!);
    expect(rows.filter((row) => row.includes('Sipariş Ödemesi'))).toHaveLength(51);
    expect(rows.filter((row) => row.includes('Yeni Sipariş'))).toHaveLength(1);
    await signOutThroughUi(page);
  });
});
