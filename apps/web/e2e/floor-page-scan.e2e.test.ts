import type { Order } from '@mandira/contract/orders';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder, buyerWithBranch, itemPath, placedOrder, stockedProduct } from './seed.ts';
import { SCREENSHOT_DIR, UI_TIMEOUT_MS } from './settings.ts';
import { dialog, signInThroughUi } from './ui.ts';
import { isInViewUncovered, LAPTOP } from './viewport.ts';

/**
 * Scanning where the floor works (docs/domain/scanning.md): a label scanned on Mal Giriş Çıkış opens the
 * goods modal of its item filled from the label, and an order is prepared on Depo Sipariş Yönetimi by
 * scanning its boxes, on a phone with the scan field and the step under the thumb.
 */
const baseUrl = inject('baseUrl');
const CLERK = { userName: 'depo.sayfa.okut.e2e', password: 'depo-sayfa-okut-1234' };
// Barcodes follow the stock codes' digits (seed.ts) and carry a right EAN-13 check digit.
const KASAR = { code: 'PSC-39302', name: 'Sayfa Okutma Kaşarı 1,5 kg', price: 640, barcode: '8690000039302' };
const TULUM = { code: 'PSC-39319', name: 'Sayfa Okutma Tulumu 1,5 kg', price: 720, barcode: '8690000039319' };
const LOT = 'PSC-L2611';
/** A supplier's carton label as ZXing or a bracketed-form scanner sends it: GTIN, expiry, lot, count. */
const LABEL = `(01)0${KASAR.barcode}(17)301231(10)${LOT}(30)12`;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A code typed into the scan field and Enter, as a scanner does with the field focused (or a person). */
async function scan(page: Page, code: string, field: Locator) {
  await field.click();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/**
 * A keyboard-wedge scanner with no field focused: its keys and Enter arrive within a millisecond or two
 * each. They are sent in one go inside the page, so a busy test machine cannot stretch the gaps past
 * the scanner's timing (docs/domain/scanning.md) as `keyboard.type` may.
 */
async function wedgeScan(page: Page, code: string) {
  await page.evaluate((keys) => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const key of [...keys, 'Enter']) {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
  }, code);
}

/** An order of `boxes` boxes of the product for the buyer's branch, approved and in preparation. */
async function orderInPreparation(
  seeder: ApiSeeder,
  buyer: { buyerId: number; branchId: number },
  productId: number,
  boxes: number,
) {
  const order = await placedOrder(
    seeder,
    { buyerId: buyer.buyerId, productId, boxes },
    { buyerBranch: buyer.branchId },
    'warehouse',
  );
  await seeder.call('PUT', `${itemPath(order)}/prepare`);
  return order;
}

describe('scanning on the goods page and in preparation', () => {
  let seeder: ApiSeeder;
  let order: Order;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...CLERK, name: 'Selin', surname: 'Güneş', roles: ['WAREHOUSE_STAFF'] });
    const { buyer, branch } = await buyerWithBranch(
      seeder,
      { code: 'E2E-PSC1', title: 'Sayfa Okutma Gıda' },
      { code: 'PSC-MRK', title: 'Sayfa Okutma Merkez', latitude: 40.99, longitude: 29.02 },
    );
    const kasar = await stockedProduct(seeder, KASAR, 60);
    await stockedProduct(seeder, TULUM, 6);
    order = await orderInPreparation(seeder, { buyerId: buyer.id, branchId: branch.id }, kasar.id, 2);
  });

  describe('on a laptop', () => {
    let browser: BrowserSession;
    beforeAll(async () => {
      browser = await openBrowser();
      await browser.page.setViewportSize(LAPTOP);
      await signInThroughUi(browser.page, baseUrl, CLERK.userName, CLERK.password);
    });
    afterAll(() => browser?.close());

    it("a label scanned on Mal Giriş Çıkış opens goods-in filled from it, and goods-out on the label's lot", async () => {
      const { page } = browser;
      onTestFailed(async () => {
        await page.screenshot({ path: `${SCREENSHOT_DIR}/floor-page-scan-goods-failed.png`, fullPage: true });
      });
      await page.goto(`${baseUrl}/mal-giris-cikis-yonetimi`);
      await page.getByRole('heading', { name: 'Mal Giriş Çıkış Yönetimi' }).waitFor();
      await page.getByTestId('goods-page-scan').getByLabel('Ürün okut').waitFor();

      await wedgeScan(page, LABEL);
      const goodsIn = dialog(page, `Mal Giriş: ${KASAR.code} - ${KASAR.name}`);
      await goodsIn.waitFor();
      expect(await goodsIn.getByTestId('goods-prefill-note').textContent()).toBe(
        `Okundu: Depo-1 için 12 adet, parti ${LOT}.`,
      );
      expect(await goodsIn.getByLabel('Depo-1 giriş miktarı').inputValue()).toBe('12');
      expect(await goodsIn.getByLabel('Depo-1 parti kodu', { exact: true }).inputValue()).toBe(LOT);
      expect(await goodsIn.getByLabel('Depo-1 son kullanma tarihi (SKT)').inputValue()).toBe('31.12.2030');
      await screenshot(page, 'floor-page-scan-goods-in');
      await goodsIn.getByRole('button', { name: 'Üretimden Mal Girişi' }).click();
      await goodsIn.getByRole('button', { name: 'Uygula' }).click();
      await goodsIn.waitFor({ state: 'hidden' });

      await page.getByTestId('goods-page-scan').getByText('Mal Çıkış', { exact: true }).click();
      await wedgeScan(page, LABEL);
      const goodsOut = dialog(page, `Mal Çıkış: ${KASAR.code} - ${KASAR.name}`);
      await goodsOut.waitFor();
      expect(await goodsOut.getByLabel('Depo-1 çıkış miktarı').inputValue()).toBe('12');
      expect(await goodsOut.getByLabel('Depo-1 parti', { exact: true }).inputValue()).toContain(LOT);
      await goodsOut.getByRole('button', { name: 'İptal' }).click();
      await goodsOut.waitFor({ state: 'hidden' });
    });

    it('the Sade copy takes the same scan, and a code of no item is refused', async () => {
      const { page } = browser;
      await page.goto(`${baseUrl}/mal-giris-cikis-yonetimi-2`);
      await page.getByRole('heading', { name: 'Mal Giriş Çıkış (Sade)' }).waitFor();
      const field = page.getByTestId('goods-page-scan').getByLabel('Ürün okut');
      await scan(page, '2000000000015', field);
      await expect
        .poll(() => page.getByTestId('goods-page-scan').getByRole('alert').textContent(), {
          timeout: UI_TIMEOUT_MS,
        })
        .toBe('Bu kod ile kayıtlı ürün bulunamadı.');
      await wedgeScan(page, KASAR.barcode);
      const goodsIn = dialog(page, `Mal Giriş: ${KASAR.code} - ${KASAR.name}`);
      await goodsIn.waitFor();
      expect(await goodsIn.getByLabel('Depo-1 giriş miktarı').inputValue()).toBe('1');
      await goodsIn.getByRole('button', { name: 'İptal' }).click();
    });

    it('the preparation panel opens from the row with its scan field and step in view', async () => {
      const { page } = browser;
      await page.goto(`${baseUrl}/depo-siparis-yonetimi`);
      const row = page
        .getByRole('row')
        .filter({ hasText: KASAR.name })
        .filter({ has: page.getByText(String(order.orderNumber), { exact: true }) });
      const open = row.getByRole('button', { name: 'Okutarak Hazırla' });
      await open.scrollIntoViewIfNeeded();
      await open.click();
      const panel = dialog(page, `Okutarak Hazırla: Sipariş ${order.orderNumber}`);
      expect(await panel.getByTestId('prepare-progress').textContent()).toBe('0 / 2 koli okundu');
      expect(await isInViewUncovered(page, panel.getByLabel('Koli okut'))).toBe(true);
      expect(
        await isInViewUncovered(page, panel.getByRole('button', { name: /^Hazırlandı, Yüklemeye Geç/ })),
      ).toBe(true);
      await screenshot(page, 'floor-page-scan-prepare-laptop');
      await panel.getByRole('button', { name: 'Kapat' }).click();
      await panel.waitFor({ state: 'hidden' });
    });
  });

  describe('on a phone', () => {
    let browser: BrowserSession;
    beforeAll(async () => {
      browser = await openBrowser(PHONE);
      await signInThroughUi(browser.page, baseUrl, CLERK.userName, CLERK.password);
    });
    afterAll(() => browser?.close());

    it('the goods page shows its scan field and camera as it opens', async () => {
      const { page } = browser;
      await page.goto(`${baseUrl}/mal-giris-cikis-yonetimi`);
      await page.getByRole('heading', { name: 'Mal Giriş Çıkış Yönetimi' }).waitFor();
      const scanner = page.getByTestId('goods-page-scan');
      expect(await isInViewUncovered(page, scanner.getByLabel('Ürün okut'))).toBe(true);
      const camera = scanner.getByRole('button', { name: 'Kamerayla okut' });
      expect(await isInViewUncovered(page, camera)).toBe(true);
      expect((await camera.boundingBox())!.width).toBeGreaterThanOrEqual(44);
      const goodsOut = scanner.locator('.mantine-SegmentedControl-label').filter({ hasText: 'Mal Çıkış' });
      expect((await goodsOut.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, 'floor-page-scan-goods-phone');
    });

    it('prepares the order by scanning: a wrong box is refused, right ones are counted, then the step', async () => {
      const { page } = browser;
      onTestFailed(async () => {
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/floor-page-scan-prepare-failed.png`,
          fullPage: true,
        });
      });
      await page.goto(`${baseUrl}/depo-siparis-yonetimi`);
      await page.getByRole('heading', { name: 'Depo Sipariş Yönetimi' }).waitFor();
      const card = page
        .getByTestId('row-card')
        .filter({ hasText: KASAR.name })
        .filter({ has: page.getByText(String(order.orderNumber), { exact: true }) });
      await card.getByRole('button', { name: 'Okutarak Hazırla' }).click();
      const panel = dialog(page, `Okutarak Hazırla: Sipariş ${order.orderNumber}`);
      await panel.waitFor();
      const field = panel.getByLabel('Koli okut');
      const step = panel.getByRole('button', { name: /^Hazırlandı, Yüklemeye Geç/ });
      // Under the thumb: the scan field and the step are on screen as the panel opens.
      expect(await isInViewUncovered(page, field)).toBe(true);
      expect(await isInViewUncovered(page, step)).toBe(true);
      expect((await step.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect((await field.boundingBox())!.y).toBeGreaterThan(PHONE.viewport.height / 2);

      await scan(page, TULUM.barcode, field);
      await expect
        .poll(() => panel.getByRole('alert').textContent(), { timeout: UI_TIMEOUT_MS })
        .toBe(
          `Yanlış ürün okutuldu: ${TULUM.name} (${TULUM.code}). Bu satır için ${KASAR.name} (${KASAR.code}) okutunuz.`,
        );
      await scan(page, KASAR.barcode, field);
      await scan(page, KASAR.barcode, field);
      await expect
        .poll(() => panel.getByTestId('prepare-progress').textContent(), { timeout: UI_TIMEOUT_MS })
        .toBe('2 / 2 koli okundu');
      expect(await isInViewUncovered(page, step)).toBe(true);
      await screenshot(page, 'floor-page-scan-prepare-phone');

      await step.click();
      await dialog(page, 'Hazırlandı, Yüklemeye Geç')
        .getByRole('button', { name: 'Hazırlandı, Yüklemeye Geç' })
        .click();
      await expect
        .poll(() => panel.getByTestId('prepare-line').textContent(), { timeout: UI_TIMEOUT_MS })
        .toContain('Hazırlandı, Yükleme Bekliyor');
    });
  });
});
