import { istanbulDate } from '@mandira/contract/istanbul-time';
import type { Order } from '@mandira/contract/orders';
import type { Shipment } from '@mandira/contract/shipments';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import {
  ApiSeeder,
  buyerWithBranch,
  loadingShipment,
  milkDelivery,
  placedOrder,
  preparedAndLoaded,
  stockedProduct,
} from './seed.ts';
import { ADMIN_PASSWORD, ADMIN_USER } from './settings.ts';
import { signInThroughUi } from './ui.ts';
import { isInViewUncovered, LAPTOP } from './viewport.ts';

/**
 * The floor's screens on the devices the floor uses (decision 158): a phone and a tablet, upright and
 * sideways, with touch. Every visible button lies inside the window's width, every primary action (a card's buttons, the
 * screen's main task) is at least 44 × 44 px, and the main task is in view without scrolling.
 */
const baseUrl = inject('baseUrl');
const WAREHOUSE = { userName: 'depo.saha.e2e', password: 'depo-saha-e2e-1234' };
const SHIPPING = { userName: 'sevkiyat.saha.e2e', password: 'sevkiyat-saha-e2e-1234' };
const OFFICE = { userName: 'ofis.saha.e2e', password: 'ofis-saha-e2e-1234' };
const MILK = { userName: 'sut.saha.e2e', password: 'sut-saha-e2e-1234' };
const PRODUCT = { code: 'SAH-7713', name: 'Saha Kaşar Peyniri 1500 g', price: 610 };
const SHIPMENT_CODE = 'SVK-E2E-SAHA-01';
const MILK_PLATE = '10 SAH 713';
/**
 * The delivery's day: ten days back, out of the week the milk screen opens on, so the milk suite's
 * figures of this week stay its own; the screen is opened on that day (`?from=&to=`).
 */
const MILK_DAY = istanbulDate(new Date(Date.now() - 10 * 86_400_000));
const TOUCH_TARGET = 44;
const OPPOSITE_GAP = 8;

const DEVICES = [
  { name: 'telefon', viewport: { width: 390, height: 844 } },
  { name: 'tablet', viewport: { width: 768, height: 1024 } },
  // A tablet held sideways (issue 39): under 1100 px, so still cards, with a quarter less height.
  { name: 'tablet-yatay', viewport: { width: 1024, height: 768 } },
] as const;

type FieldScreen = {
  name: string;
  path: () => string;
  heading: string;
  /** The screen's main task button: in view as the screen opens. */
  main?: string;
  /** Whether the first card's first action must be in view as the screen opens. */
  firstAction?: boolean;
};

type Box = { x: number; y: number; width: number; height: number };

async function boxesOf(locator: Locator): Promise<{ name: string; box: Box }[]> {
  const found: { name: string; box: Box }[] = [];
  for (const one of await locator.all()) {
    if (!(await one.isVisible())) continue;
    const box = await one.boundingBox();
    const name = ((await one.getAttribute('aria-label')) ?? (await one.innerText())).trim();
    if (box) found.push({ name, box });
  }
  return found;
}

/** Buttons whose box leaves the window's width, or primary ones below finger size: none should. */
async function layoutFaults(page: Page): Promise<string[]> {
  const width = page.viewportSize()!.width;
  const faults: string[] = [];
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (pageWidth > width) faults.push(`sayfa ${pageWidth} px genişliğinde`);
  for (const { name, box } of await boxesOf(page.locator('main').getByRole('button'))) {
    if (box.x < 0 || box.x + box.width > width + 0.5)
      faults.push(`'${name}' pencerenin dışında (x ${box.x})`);
  }
  for (const { name, box } of await boxesOf(page.getByTestId('row-card-actions').getByRole('button'))) {
    if (box.width < TOUCH_TARGET || box.height < TOUCH_TARGET)
      faults.push(`'${name}' ${Math.round(box.width)}×${Math.round(box.height)} px`);
  }
  return faults;
}

async function expectFingerSized(locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(TOUCH_TARGET);
  expect(box.height).toBeGreaterThanOrEqual(TOUCH_TARGET);
}

describe('field screens on a phone and a tablet with touch', () => {
  let shipment: Shipment;
  let session: BrowserSession | undefined;

  const ROLES: { user: typeof WAREHOUSE; screens: FieldScreen[] }[] = [
    {
      user: WAREHOUSE,
      screens: [
        {
          name: 'depo',
          path: () => '/depo-siparis-yonetimi',
          heading: 'Depo Sipariş Yönetimi',
          firstAction: true,
        },
        {
          name: 'mal-giris',
          path: () => '/mal-giris-cikis-yonetimi',
          heading: 'Mal Giriş Çıkış Yönetimi',
          firstAction: true,
        },
        {
          name: 'mal-giris-sade',
          path: () => '/mal-giris-cikis-yonetimi-2',
          heading: 'Mal Giriş Çıkış (Sade)',
          firstAction: true,
        },
      ],
    },
    {
      user: SHIPPING,
      screens: [
        {
          name: 'yuk-kabulu',
          path: () => `/sevkiyat-siparis-yonetimi?orderShipmentId=${shipment.id}`,
          heading: 'Sevkiyat Yük Kabulü',
          main: 'Tümünü Kabul Et',
        },
        { name: 'sevkiyat-personel', path: () => '/sevkiyat-yonetimi', heading: 'Sevkiyat Yönetimi' },
      ],
    },
    {
      user: OFFICE,
      screens: [{ name: 'sevkiyat-ofis', path: () => '/sevkiyat-yonetimi', heading: 'Sevkiyat Yönetimi' }],
    },
    {
      user: MILK,
      screens: [
        {
          name: 'sut',
          path: () => `/sut-girisi?from=${MILK_DAY}&to=${MILK_DAY}`,
          heading: 'Süt Teslimatı Girişi',
          main: 'Yeni Teslimat',
          firstAction: true,
        },
      ],
    },
  ];

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    const person = { name: 'Saha', surname: 'Çalışanı' };
    await seeder.createUser({ ...WAREHOUSE, ...person, roles: ['WAREHOUSE_STAFF'] });
    await seeder.createUser({ ...SHIPPING, ...person, roles: ['SHIPPING_STAFF'] });
    await seeder.createUser({ ...OFFICE, ...person, roles: ['BACKOFFICE_ADMIN'] });
    await seeder.createUser({ ...MILK, ...person, roles: ['ORDER_MANAGER'] });
    const { buyer, branch } = await buyerWithBranch(
      seeder,
      { code: 'E2E-SAH1', title: 'Gölcük Şarküteri ve Gıda Ltd. Şti.', name: 'Şükrü', surname: 'Güneş' },
      { code: 'GLC-01', title: 'Gölcük Merkez', latitude: 40.7175, longitude: 29.8208 },
    );
    const product = await stockedProduct(seeder, PRODUCT, 60);
    const orders: Order[] = [];
    for (const reference of ['SAH-1', 'SAH-2']) {
      const order = await placedOrder(
        seeder,
        { buyerId: buyer.id, productId: product.id, boxes: 1 },
        { buyerBranch: branch.id, buyerRequestReferenceCode: reference, colorGroup: 'purple' },
        'warehouse',
      );
      orders.push(order);
    }
    // One order waits in the warehouse, the other is on the truck for the shipping staff to accept.
    shipment = await loadingShipment(seeder, {
      shipmentCode: SHIPMENT_CODE,
      plate: '41 SAH 713',
      toWarehouseId: branch.id,
    });
    const loaded = orders[1]!;
    await preparedAndLoaded(seeder, loaded, shipment.id);

    await milkDelivery(
      seeder,
      { plate: MILK_PLATE, driver: { name: 'Rıza', surname: 'Öztürk' } },
      {
        deliveredCowMilkVolume: 4200,
        deliveredSheepMilkVolume: 0,
        deliveredGoatMilkVolume: 0,
        deliveryDateTime: `${MILK_DAY}T07:30`,
      },
    );
  });

  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  for (const device of DEVICES) {
    for (const { user, screens } of ROLES) {
      it(`${device.name}: ${user.userName} reaches every action without scrolling sideways`, async () => {
        session = await openBrowser({ viewport: device.viewport, hasTouch: true, isMobile: true });
        const { page } = session;
        await signInThroughUi(page, baseUrl, user.userName, user.password);
        // The side menu folds away on a tablet and a phone; its button opens it.
        const burger = page.getByRole('button', { name: 'Menü' });
        expect(await burger.getAttribute('aria-expanded')).toBe('false');
        await expectFingerSized(burger);

        for (const screen of screens) {
          await page.goto(`${baseUrl}${screen.path()}`);
          await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
          await page.getByTestId('row-card').first().waitFor();
          if (screen.main) {
            const main = page.getByRole('button', { name: screen.main }).first();
            await expect.poll(() => isInViewUncovered(page, main)).toBe(true);
            await expectFingerSized(main);
          }
          if (screen.firstAction) {
            const first = page.getByTestId('row-card-actions').first().getByRole('button').first();
            // Up and down is how a phone reads a list; what must never be needed is a sideways scroll. The
            // first card is as tall as its order, which other suites' orders on the shared database make longer.
            // To the middle of the screen: scrolled only to an edge, a bar pinned there may lie over it.
            await first.evaluate((button) => button.scrollIntoView({ block: 'center', inline: 'nearest' }));
            await expect.poll(() => isInViewUncovered(page, first)).toBe(true);
          }
          expect(await layoutFaults(page)).toEqual([]);
          await screenshot(page, `field-${device.name}-${screen.name}`);
        }
      });
    }

    it(`${device.name}: accept and reject of a load are finger-sized and apart`, async () => {
      session = await openBrowser({ viewport: device.viewport, hasTouch: true, isMobile: true });
      const { page } = session;
      await signInThroughUi(page, baseUrl, SHIPPING.userName, SHIPPING.password);
      await page.goto(`${baseUrl}/sevkiyat-siparis-yonetimi?orderShipmentId=${shipment.id}`);
      const card = page.getByTestId('row-card').filter({ hasText: PRODUCT.name }).first();
      const buttons = card.getByTestId('row-card-actions').getByRole('button');
      await buttons.first().waitFor();
      const boxes = (await boxesOf(buttons)).map(({ box }) => box);
      expect(boxes.length).toBe(2);
      for (const box of boxes) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(TOUCH_TARGET);
      const [upper, lower] = [...boxes].sort((a, b) => a.y - b.y || a.x - b.x);
      const gap =
        lower!.y >= upper!.y + upper!.height
          ? lower!.y - (upper!.y + upper!.height)
          : lower!.x - (upper!.x + upper!.width);
      expect(gap).toBeGreaterThanOrEqual(OPPOSITE_GAP);
    });

    it(`${device.name}: the yard and weighbridge steps open finger-sized inside the window`, async () => {
      session = await openBrowser({ viewport: device.viewport, hasTouch: true, isMobile: true });
      const { page } = session;
      await signInThroughUi(page, baseUrl, OFFICE.userName, OFFICE.password);
      await page.goto(`${baseUrl}/sevkiyat-yonetimi`);
      const card = page.getByTestId('row-card').filter({ hasText: SHIPMENT_CODE });
      await card.getByRole('button', { name: 'İşlemler' }).click();
      const items = page.getByRole('menuitem');
      await items.first().waitFor();
      const width = device.viewport.width;
      for (const { name, box } of await boxesOf(items)) {
        expect(box.height, name).toBeGreaterThanOrEqual(TOUCH_TARGET);
        expect(box.x >= 0 && box.x + box.width <= width, name).toBe(true);
      }
      await screenshot(page, `field-${device.name}-sevkiyat-islemler`);
    });
  }

  it('phone: the goods modal keeps its fields inside its width', async () => {
    session = await openBrowser({ viewport: DEVICES[0].viewport, hasTouch: true, isMobile: true });
    const { page } = session;
    await signInThroughUi(page, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    await page.goto(`${baseUrl}/mal-giris-cikis-yonetimi`);
    await page.getByRole('textbox', { name: 'Ara' }).fill(PRODUCT.code);
    const card = page.getByTestId('row-card').filter({ hasText: PRODUCT.name });
    await card.getByRole('button', { name: 'Mal Giriş' }).click();
    const modal = page.getByRole('dialog').first();
    await modal.getByRole('textbox').first().waitFor();
    const content = page.locator('.mantine-Modal-content').first();
    const fits = await content.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
    expect(fits).toBe(true);
    const edge = (await content.boundingBox())!;
    for (const input of await modal.getByRole('textbox').all()) {
      const box = await input.boundingBox();
      if (!box) continue;
      expect(box.x).toBeGreaterThanOrEqual(edge.x);
      expect(box.x + box.width).toBeLessThanOrEqual(edge.x + edge.width + 0.5);
      expect(box.width).toBeGreaterThanOrEqual(TOUCH_TARGET);
    }
    await screenshot(page, 'field-telefon-mal-giris-modal');
  });

  it('laptop: the row actions stay in view at 1366 px', async () => {
    session = await openBrowser({ viewport: LAPTOP });
    const { page } = session;
    await signInThroughUi(page, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    await page.goto(`${baseUrl}/depo-siparis-yonetimi`);
    const start = page.getByRole('row').filter({ hasText: PRODUCT.name }).getByRole('button', {
      name: 'Hazırlamaya Başla',
    });
    await start.first().scrollIntoViewIfNeeded();
    await expect.poll(() => isInViewUncovered(page, start.first())).toBe(true);
    await screenshot(page, 'field-laptop-depo');

    // The menu folds away on a wide screen too, and stays folded on this device after a reload.
    const menu = page.getByRole('navigation', { name: 'Ana menü' });
    const burger = page.getByRole('button', { name: 'Menü' });
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await burger.click();
    await expect.poll(() => isInViewUncovered(page, menu)).toBe(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Depo Sipariş Yönetimi', level: 1 }).waitFor();
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await burger.click();
    await expect.poll(() => isInViewUncovered(page, menu)).toBe(true);
  });

  it('laptop: Sevkiyat Yönetimi and Kullanıcı Yönetimi keep their row actions in view', async () => {
    session = await openBrowser({ viewport: LAPTOP });
    const { page } = session;
    await signInThroughUi(page, baseUrl, OFFICE.userName, OFFICE.password);
    await page.goto(`${baseUrl}/sevkiyat-yonetimi`);
    const shipmentRow = page.getByRole('row').filter({ hasText: SHIPMENT_CODE });
    await shipmentRow.scrollIntoViewIfNeeded();
    await expect
      .poll(() => isInViewUncovered(page, shipmentRow.getByRole('button', { name: 'İşlemler' })))
      .toBe(true);
    // The status the steps depend on stays beside them.
    await expect.poll(() => isInViewUncovered(page, shipmentRow.getByTestId('shipment-status'))).toBe(true);
    await screenshot(page, 'field-laptop-sevkiyat');
    await signInThroughUi(page, baseUrl, ADMIN_USER, ADMIN_PASSWORD);
    await page.goto(`${baseUrl}/kullanici-yonetimi`);
    const userRow = page.getByRole('row').filter({ hasText: OFFICE.userName });
    await userRow.scrollIntoViewIfNeeded();
    await expect.poll(() => isInViewUncovered(page, userRow.getByRole('button').last())).toBe(true);
    await expect.poll(() => isInViewUncovered(page, userRow.getByText('Aktif'))).toBe(true);
    await screenshot(page, 'field-laptop-kullanicilar');
  });

  it('installs: a manifest, a service worker that keeps the shell and the loaded assets (never the API), opening offline; a screen whose script fails offers a reload', async () => {
    const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as {
      name: string;
      icons: { src: string }[];
    };
    expect(manifest.name).toBe('Mandıra Portal');
    for (const icon of manifest.icons) expect((await fetch(`${baseUrl}${icon.src}`)).status).toBe(200);

    session = await openBrowser({ viewport: DEVICES[1].viewport, hasTouch: true, isMobile: true });
    const { page, context } = session;
    await signInThroughUi(page, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    const active = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL;
    });
    expect(active).toBe(`${baseUrl}/sw.js`);
    // What the worker keeps: the shell and every file the page loaded, nothing of the API.
    const cached = () =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
    const loadedAssets = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/')),
    );
    expect(loadedAssets.length).toBeGreaterThan(0);
    await expect.poll(() => cached()).toEqual(expect.arrayContaining(['/', ...loadedAssets]));
    expect((await cached()).filter((path) => path.startsWith('/api'))).toEqual([]);

    // A screen whose script fails to arrive offers 'Yeniden yükle', which brings it once it can. The
    // context's routes see the worker's own fetches too (Chromium).
    const screenScript = '**/assets/stock-history-page-*.js';
    await context.route(screenScript, (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseUrl}/stok-gecmisi`);
    const reload = page.getByRole('button', { name: 'Yeniden yükle' });
    await reload.waitFor();
    await screenshot(page, 'field-tablet-screen-failed');
    await context.unroute(screenScript);
    await reload.click();
    await page.getByRole('heading', { name: 'Stok Geçmişi', level: 1 }).waitFor();

    // Offline, the worker answers the page and its scripts from its cache: the portal opens (not the
    // browser's error page) and, as it cannot ask the server whether the screen may be shown, says so
    // rather than that the user lacks the right.
    await context.setOffline(true);
    await page.reload();
    expect(await page.title()).toBe('Mandıra Portal');
    await page.getByText('Sunucuya ulaşılamıyor, sayfa yetkisi doğrulanamadı.', { exact: false }).waitFor();
    await screenshot(page, 'field-tablet-offline');
    await context.setOffline(false);
  });

  afterAll(async () => {
    await session?.close();
  });
});
