import type { MyWork } from '@mandira/contract/my-work';
import type { Order } from '@mandira/contract/orders';
import type { Shipment } from '@mandira/contract/shipments';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import {
  ApiSeeder,
  buyerWithBranch,
  createShipment,
  loadedOntoTruck,
  loadingShipment,
  orderBeingLoaded,
  placedOrder,
  stockedProduct,
} from './seed.ts';
import { signInThroughUi, tableRow } from './ui.ts';

const baseUrl = inject('baseUrl');
const MANAGER = { userName: 'is.listesi.e2e', password: 'is-listesi-1234' };
const SHIPPING = { userName: 'kabul.listesi.e2e', password: 'kabul-listesi-1234' };
const SHIPMENT_CODE = 'SVK-E2E-KABUL-1';
const COMPLETER = { userName: 'tamamlama.e2e', password: 'tamamlama-1234' };

/** Ana Sayfa's answer as the signed-in user of the page sees it. */
async function myWorkOf(page: Page): Promise<MyWork> {
  const token = await page.evaluate(() => localStorage.getItem('mandira-portal.auth-token'));
  const answer = (await (
    await fetch(`${baseUrl}/api/dashboard/my-work`, { headers: { 'auth-token': token! } })
  ).json()) as { data: MyWork };
  return answer.data;
}

describe("Ana Sayfa: the order manager's waiting work", () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...MANAGER, name: 'Derya', surname: 'Işık', roles: ['ORDER_MANAGER'] });
    const buyer = await seeder.createBuyer({
      code: 'E2E-IS1',
      title: 'Ayvalık Zeytin ve Peynir Evi',
      name: 'Nur',
      surname: 'Çelik',
    });
    const product = await stockedProduct(
      seeder,
      { code: 'STK-8901', name: 'Dil Peyniri 1,5 kg', price: 300 },
      120,
    );
    // Two orders placed today, waiting for review.
    for (let order = 0; order < 2; order += 1) {
      await placedOrder(seeder, { buyerId: buyer.id, productId: product.id, boxes: 1 });
    }
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the count of orders waiting for review and opens the order screen filtered to them', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'my-work-failed');
    });
    await signInThroughUi(page, baseUrl, MANAGER.userName, MANAGER.password);
    const work = await myWorkOf(page);
    const waiting = work.find((item) => item.key === 'ORDERS_WAITING_REVIEW')!;
    // Other suites share the database: at least this suite's two orders wait.
    expect(waiting.count).toBeGreaterThanOrEqual(2);
    // The order manager has no warehouse, shipment or accounting screen, so no card of theirs.
    expect(work.map((item) => item.key)).toEqual([
      'ORDERS_WAITING_REVIEW',
      'ORDERS_WAITING_COMPLETION',
      'MILK_DELIVERIES_TODAY',
    ]);
    // The greeting names the person.
    expect(await page.getByTestId('greeting').textContent()).toMatch(/^Derya Işık, /);

    const card = page.locator('[data-testid="my-work-card"][data-key="ORDERS_WAITING_REVIEW"]');
    await card.waitFor();
    expect(await card.getByTestId('my-work-count').textContent()).toBe(waiting.count.toLocaleString('tr-TR'));
    expect(await card.textContent()).toContain('İnceleme bekleyen ve incelemedeki siparişler');
    await screenshot(page, 'my-work-dashboard');

    await card.click();
    await page.waitForURL('**/siparisler?status=WAITING_FOR_REVIEW%2CIN_REVIEW');
    await page.getByRole('heading', { name: 'Siparişler' }).waitFor();
    // The filter bar shows the link's filters, and the list holds exactly the card's orders.
    await page.getByTestId('order-count').filter({ hasText: 'sipariş' }).waitFor();
    expect(await page.getByTestId('order-count').textContent()).toBe(
      `${waiting.count.toLocaleString('tr-TR')} sipariş`,
    );
    expect(await page.getByRole('combobox', { name: 'Dönem' }).inputValue()).toBe('Tüm zamanlar');
    expect(await page.getByTestId('order').count()).toBe(Math.min(waiting.count, 25));
    await screenshot(page, 'my-work-orders-filtered');

    // From the menu the screen opens on the same orders: every one still to review, whatever its day.
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Siparişler', exact: true }).first().click();
    await page.waitForURL('**/siparisler');
    await expect
      .poll(() => page.getByTestId('order-count').textContent())
      .toBe(`${waiting.count.toLocaleString('tr-TR')} sipariş`);
    await screenshot(page, 'my-work-orders-opening');
  });
});

describe("Ana Sayfa: the shipping staff's loads waiting for acceptance", () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  let shipment: Shipment;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...SHIPPING, name: 'Kaan', surname: 'Öztürk', roles: ['SHIPPING_STAFF'] });
    const { buyer, branch } = await buyerWithBranch(
      seeder,
      { code: 'E2E-KBL1', title: 'Bandırma Kahvaltı Evi', name: 'Eda', surname: 'Yalçın' },
      { code: 'LIMAN', title: 'Liman Şubesi', latitude: 40.3522, longitude: 27.9767 },
    );
    const product = await stockedProduct(
      seeder,
      { code: 'STK-8911', name: 'Tulum Peyniri 1,5 kg', price: 410 },
      60,
    );
    // One order of one box, through review and the warehouse onto a truck bound for its branch.
    const { order } = await orderBeingLoaded(seeder, buyer.id, branch.id, product.id);
    const vehicle = await seeder.createVehicle({
      licencePlateCode: '10 KBL 037',
      brand: 'Iveco',
      model: 'Eurocargo',
      capacityInTons: 7.5,
      palletCapacity: 10,
    });
    const driver = await seeder.createDriver({
      name: 'Selim',
      surname: 'Kabul',
      gender: 'Erkek',
      phone: '0532 555 37 37',
    });
    shipment = await createShipment(seeder, {
      shipmentCode: SHIPMENT_CODE,
      vehicleId: vehicle.id,
      driverId: driver.id,
      toWarehouseId: branch.id,
      description: 'Bandırma hattı',
    });
    await seeder.shipmentActions(shipment.id, 'PREPARE_TO_LOAD', 'START_LOADING');
    // Loaded and finished by the warehouse: the load waits for the shipping staff's acceptance.
    await loadedOntoTruck(seeder, order, shipment.id);
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows 'Kabul bekleyen yükler' with the count of trucks, and opens the list filtered to them", async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'my-work-shipping-failed');
    });
    await signInThroughUi(page, baseUrl, SHIPPING.userName, SHIPPING.password);
    const waiting = (await myWorkOf(page)).find((item) => item.key === 'LOADS_WAITING_ACCEPTANCE')!;
    // Other suites share the database: at least this suite's truck waits.
    expect(waiting.count).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('my-work-empty').count()).toBe(0);
    const card = page.locator('[data-testid="my-work-card"][data-key="LOADS_WAITING_ACCEPTANCE"]');
    await card.waitFor();
    expect(await card.getByTestId('my-work-count').textContent()).toBe(waiting.count.toLocaleString('tr-TR'));
    expect(await card.textContent()).toContain('Kabul bekleyen yükler');
    expect(await page.getByTestId('greeting').textContent()).toMatch(/^Kaan Öztürk, /);
    await screenshot(page, 'my-work-shipping-dashboard');

    await card.click();
    await page.waitForURL('**/sevkiyat-yonetimi?awaitingAcceptance=true');
    await page.getByRole('heading', { name: 'Sevkiyat Yönetimi' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Kabul bekleyen yükler' }).isChecked()).toBe(true);
    await tableRow(page, SHIPMENT_CODE).waitFor();
    await expect
      .poll(() => page.getByTestId('table-count').textContent())
      .toMatch(new RegExp(`^${waiting.count} `));
    await screenshot(page, 'my-work-shipping-list');

    // From the menu, the list opens on the same trucks.
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Sevkiyat Yönetimi', exact: true }).first().click();
    await page.waitForURL('**/sevkiyat-yonetimi');
    await tableRow(page, SHIPMENT_CODE).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Kabul bekleyen yükler' }).isChecked()).toBe(true);
  });
});

describe("Ana Sayfa: the order manager's delivered orders waiting for 'Siparişi Tamamla'", () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  let order: Order;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...COMPLETER, name: 'Sevgi', surname: 'Tan', roles: ['ORDER_MANAGER'] });
    const { buyer, branch } = await buyerWithBranch(
      seeder,
      { code: 'E2E-TMM1', title: 'Gönen Peynircilik', name: 'Ali', surname: 'Ekin' },
      { code: 'GONEN', title: 'Gönen Şubesi', latitude: 40.1046, longitude: 27.6536 },
    );
    const product = await stockedProduct(
      seeder,
      { code: 'STK-8921', name: 'Gönen Kaşarı 1,5 kg', price: 520 },
      60,
    );
    // One box through review, the warehouse, the truck, the weighbridge and the road to the branch.
    const placed = await orderBeingLoaded(seeder, buyer.id, branch.id, product.id);
    order = placed.order;
    const { item } = placed;
    const shipment = await loadingShipment(seeder, {
      shipmentCode: 'SVK-E2E-TAMAM-1',
      plate: '10 TMM 021',
      toWarehouseId: branch.id,
    });
    await loadedOntoTruck(seeder, order, shipment.id);
    await seeder.call('PUT', `${item}/accept-load-status`);
    const weighing = await seeder.shipmentActions(
      shipment.id,
      'START_LOAD_CHECK',
      'FINISH_LOAD_CHECK',
      'START_WEIGHT_CHECK',
    );
    await seeder.call('PUT', `/shipments/${shipment.id}/on-action`, {
      action: 'COMPLETE_WEIGHT_CHECK',
      loadedWeightInTons: weighing.expectedWeightInTons ?? 0.009,
    });
    await seeder.shipmentActions(shipment.id, 'START_DELIVERY', 'COMPLETE_DELIVERY');
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('counts the delivered order on its card, opens Siparişler on it, and drops it once completed', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'my-work-completion-failed');
    });
    await signInThroughUi(page, baseUrl, COMPLETER.userName, COMPLETER.password);
    const waiting = (await myWorkOf(page)).find((item) => item.key === 'ORDERS_WAITING_COMPLETION')!;
    // Other suites share the database: at least this suite's order waits.
    expect(waiting.count).toBeGreaterThanOrEqual(1);
    const card = page.locator('[data-testid="my-work-card"][data-key="ORDERS_WAITING_COMPLETION"]');
    await card.waitFor();
    expect(await card.textContent()).toContain('Teslim edilmiş, tamamlanmayı bekleyen siparişler');
    expect(await card.getByTestId('my-work-count').textContent()).toBe(waiting.count.toLocaleString('tr-TR'));
    await screenshot(page, 'my-work-completion-dashboard');

    await card.click();
    await page.waitForURL('**/siparisler?*completion=waiting*');
    await page.getByRole('heading', { name: 'Siparişler' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Tamamlanmayı bekleyenler' }).isChecked()).toBe(true);
    await page.getByTestId('order').filter({ hasText: 'Gönen Peynircilik' }).waitFor();
    await expect
      .poll(() => page.getByTestId('order-count').textContent())
      .toBe(`${waiting.count.toLocaleString('tr-TR')} sipariş`);
    await screenshot(page, 'my-work-completion-orders');

    await seeder.call('PUT', `/order-action/COMPLETE?id=${order.id}`);
    await page.goto(`${baseUrl}/dashboard`);
    const after = (await myWorkOf(page)).find((item) => item.key === 'ORDERS_WAITING_COMPLETION')!;
    expect(after.count).toBe(waiting.count - 1);
  });
});
