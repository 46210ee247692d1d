import type { Envelope } from '@mandira/contract/envelope';
import type { Order } from '@mandira/contract/orders';
import type { Shipment } from '@mandira/contract/shipments';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import {
  ApiSeeder,
  buyerWithBranch,
  createShipment,
  loadOntoTruck,
  placedOrder,
  stockedProduct,
} from './seed.ts';
import { ADMIN_PASSWORD, ADMIN_USER, SCREENSHOT_DIR } from './settings.ts';
import { dialog, signInThroughUi, signOutThroughUi, tableRow } from './ui.ts';
import { LAPTOP } from './viewport.ts';

/**
 * Issue 37 item 3: the warehouse loads an order onto a truck that stops at its delivery point. The load
 * form lists those trucks first, each saying where it goes; a truck to another buyer is shown disabled
 * with the reason and the server refuses it (422). The dispatch note names the warehouse each line left.
 */
const baseUrl = inject('baseUrl');
const WAREHOUSE = { userName: 'depo.dogru.arac.e2e', password: 'depo-dogru-arac-1234' };
const PRODUCT = { code: 'DRA-4417', name: 'Balıkesir Tulum Peyniri 1 kg' };
const RIGHT = 'SVK-E2E-DRA-BLK';
/** Stops at the order's branch too, but leaves from Depo-3 while the cheese is in Depo-1. */
const RIGHT_FROM_DEPO3 = 'SVK-E2E-DRA-BLK3';
const WRONG = 'SVK-E2E-DRA-TKD';

/** The text of a PDF's pages, as a reader would copy it. */
async function pdfText(pdf: ArrayBuffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}

describe('loading onto the truck that goes to the order', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  let order: Order;
  let trucks: Record<string, Shipment>;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...WAREHOUSE, name: 'Cem', surname: 'Öztürk', roles: ['WAREHOUSE_STAFF'] });
    const buyerWithItsBranch = (code: string, title: string, branch: string) =>
      buyerWithBranch(
        seeder,
        { code, title, name: 'Ali', surname: 'Kaya' },
        { code: branch.toLocaleUpperCase('tr-TR').slice(0, 6), title: branch },
      );
    const balikesir = await buyerWithItsBranch(
      'E2E-DRA1',
      'Altıeylül Şarküteri Ltd. Şti.',
      'Altıeylül Şubesi',
    );
    const tekirdag = await buyerWithItsBranch('E2E-DRA2', 'Süleymanpaşa Gıda A.Ş.', 'Süleymanpaşa Şubesi');

    const product = await stockedProduct(seeder, { ...PRODUCT, price: 320 }, 30, {
      packagingUnitType: 'KILOGRAM',
      packagingUnitTypeAmount: 1,
    });
    order = await placedOrder(
      seeder,
      { buyerId: balikesir.buyer.id, productId: product.id, boxes: 2 },
      { buyerBranch: balikesir.branch.id, buyerRequestReferenceCode: 'DRA-1' },
      'loading',
    );

    // The right trucks first, the wrong one last: the list answers newest first, so without the rule the
    // truck to Tekirdağ would head it.
    trucks = {};
    for (const [index, [code, from, to]] of (
      [
        [RIGHT, 'DEPO1', balikesir.branch.id],
        [RIGHT_FROM_DEPO3, 'DEPO3', balikesir.branch.id],
        [WRONG, 'DEPO1', tekirdag.branch.id],
      ] as const
    ).entries()) {
      const vehicle = await seeder.createVehicle({
        licencePlateCode: `10 DRA ${101 + index}`,
        brand: 'Iveco',
        model: 'Eurocargo',
        capacityInTons: 8,
        palletCapacity: 10,
      });
      const driver = await seeder.createDriver({
        name: 'Sinan',
        surname: `Doğru ${index + 1}`,
        gender: 'Erkek',
        phone: `0532 555 62 ${10 + index}`,
      });
      const shipment = await createShipment(seeder, {
        shipmentCode: code,
        vehicleId: vehicle.id,
        driverId: driver.id,
        from,
        toWarehouseId: to,
      });
      await seeder.shipmentActions(shipment.id, 'PREPARE_TO_LOAD', 'START_LOADING');
      trucks[code] = shipment;
    }

    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('offers the truck to the order’s branch first and the one to another buyer disabled; the server refuses it', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/load-destination-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Depo Sipariş Yönetimi' }).first().click();
    await page.getByRole('heading', { name: 'Depo Sipariş Yönetimi' }).waitFor();
    const row = tableRow(page, PRODUCT.name).filter({ hasText: String(order.orderNumber) });
    await row.getByRole('button', { name: 'Araca Yükle' }).click();
    const modal = dialog(page, 'Araca Yükle');
    await modal.getByText('Teslim noktası: Altıeylül Şubesi (Altıeylül Şarküteri Ltd. Şti.)').waitFor();
    await modal.getByTestId('load-warehouse').first().waitFor();
    await modal.getByRole('combobox', { name: 'Sevkiyat' }).click();
    const options = page.getByTestId('truck-option');
    await options.first().waitFor();

    // Ours first (the one leaving from Depo-1, where the cheese is, before the one from Depo-3); every
    // truck that does not stop at the branch after them, disabled with the reason.
    const texts = await options.allInnerTexts();
    const fits = await options.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-fits')));
    expect(texts[0]).toContain(RIGHT);
    expect(texts[0]).toContain('Çıkış Depo-1');
    expect(texts[0]).toContain('Varış ALTIEY - Altıeylül Şubesi (Altıeylül Şarküteri Ltd. Şti.)');
    expect(texts[1]).toContain(RIGHT_FROM_DEPO3);
    expect(texts[1]).toContain('Çıkış Depo-3');
    expect(fits.slice(0, 2)).toEqual(['true', 'true']);
    expect(fits.slice(2).every((one) => one === 'false')).toBe(true);
    const wrong = page.getByRole('option', { name: new RegExp(WRONG) });
    expect(await wrong.innerText()).toContain(
      'Siparişin teslim noktasına (Altıeylül Şubesi (Altıeylül Şarküteri Ltd. Şti.)) uğramıyor.',
    );
    expect(await wrong.getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'load-destination-picker');

    // The wrong truck cannot be picked: a click leaves the choice empty and the button disabled.
    await wrong.click({ force: true });
    await modal.getByLabel('Depo-1 yüklenecek adet').fill('12');
    expect(await modal.getByRole('combobox', { name: 'Sevkiyat' }).inputValue()).toBe('');
    expect(await modal.getByRole('button', { name: 'Araca Yükle' }).isDisabled()).toBe(true);

    // The server holds the same line: 422, naming both places, nothing loaded.
    const refusal = await loadOntoTruck(seeder, order, trucks[WRONG]!.id, 12).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(refusal).toContain(
      `'${WRONG}' sevkiyatı Süleymanpaşa Şubesi (Süleymanpaşa Gıda A.Ş.) noktasına gidiyor`,
    );
    expect(refusal).toContain('siparişin teslim noktası Altıeylül Şubesi (Altıeylül Şarküteri Ltd. Şti.)');

    // The chosen truck's route is spelled out; one leaving from Depo-3 is told apart from the cheese's
    // Depo-1, and takes the load: its dispatch note names Depo-1 on the line.
    await modal.getByRole('combobox', { name: 'Sevkiyat' }).click();
    await page.getByRole('option', { name: new RegExp(`${RIGHT} ·`) }).click();
    expect(await modal.getByTestId('truck-route').innerText()).toMatch(/^Çıkış Depo-1 → Varış ALTIEY/);
    await modal.getByRole('combobox', { name: 'Sevkiyat' }).click();
    await page.getByRole('option', { name: new RegExp(`${RIGHT_FROM_DEPO3} ·`) }).click();
    expect(await modal.getByTestId('truck-route').innerText()).toContain('yüklediğiniz depodan çıkmıyor');
    await screenshot(page, 'load-destination-modal');
    await modal.getByRole('button', { name: 'Araca Yükle' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByTestId('loaded-pieces').textContent()).toBe('12 adet');
    await signOutThroughUi(page);
  });

  it('prints the dispatch note with the warehouse each line left from', async () => {
    const signIn = await fetch(`${baseUrl}/api/user-access/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: ADMIN_USER, password: ADMIN_PASSWORD }),
    });
    const answer = (await signIn.json()) as Envelope<{ authToken: string }>;
    if (!answer.success) throw new Error(answer.error.message);
    const response = await fetch(
      `${baseUrl}/api/shipments/${trucks[RIGHT_FROM_DEPO3]!.id}/dispatch-note.pdf`,
      {
        headers: { 'auth-token': answer.data.authToken },
      },
    );
    expect(response.status).toBe(200);
    const text = await pdfText(await response.arrayBuffer());
    // The truck leaves from Depo-3; the cheese left Depo-1, and the note says so.
    expect(text).toMatch(/Aracın çıkış deposu:\s+Depo-3\s+Yüklendiği depolar:\s+Depo-1/);
    expect(text).toMatch(/Çıkış\s+Deposu/);
    expect(text).toMatch(new RegExp(`${PRODUCT.name}\\s+Depo-1\\s+12\\s+2`));
  });
});
