import { SCREENS, type ScreenKey } from '@mandira/contract/screens';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeFinding, axeFindings, cspViolations, describeFindings, watchCspViolations } from './axe.ts';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { DEMO_START_TIMEOUT_MS, type Portal, startPortal } from './global-setup.ts';
import { ADMIN_PASSWORD, ADMIN_USER } from './settings.ts';
import { signInThroughUi, signOutThroughUi } from './ui.ts';

/** The demo's shipping staff (apps/server/src/demo/demo-users.ts): their own view of the shipments. */
const SHIPPING_STAFF = { userName: 'shipping_staff', password: 'demo1234' };

/** How a screen is reached: most by their path, two from a row of another screen. */
const REACHED_FROM: Partial<Record<ScreenKey, { path: string; link: string }>> = {
  'buyer-accounting': { path: '/buyer-management', link: 'Hesap Özeti' },
  'shipment-contents': { path: '/sevkiyat-yonetimi', link: 'İçerik' },
};

type ModalKind = 'form' | 'confirm' | 'drawer' | 'viewer';
/**
 * A modal opened from a screen: the first button (or link) of that name opens it, once the first
 * control matching `expand` (an order's panel) has shown it.
 */
type ModalCheck = { kind: ModalKind; opener: string | RegExp; expand?: RegExp };

/**
 * At least one modal of each kind per area: the form modals share their frame and footer, the confirm
 * dialogs one component (lib/modals/confirm.tsx), the 'Geçmiş' drawers another; each area's own
 * viewers (stock movements, bundle contents, the route) are opened too.
 */
const MODALS: Partial<Record<ScreenKey, ModalCheck[]>> = {
  users: [
    { kind: 'form', opener: 'Kullanıcı Ekle' },
    { kind: 'confirm', opener: 'Şifre Üret' },
    { kind: 'drawer', opener: 'Geçmiş' },
  ],
  'product-items': [
    { kind: 'form', opener: 'Ürün Ekle' },
    { kind: 'viewer', opener: 'Detaylı İncele' },
  ],
  'product-approval': [{ kind: 'form', opener: 'Ürünü Tanımla' }],
  'sellable-products': [
    { kind: 'form', opener: 'Ürün Ekle' },
    { kind: 'viewer', opener: /^İçindekiler/ },
  ],
  buyers: [
    { kind: 'form', opener: 'Müşteri Ekle' },
    { kind: 'drawer', opener: 'Geçmiş' },
  ],
  'buyer-approval': [{ kind: 'form', opener: 'Onayla' }],
  'buyer-warehouses': [{ kind: 'form', opener: 'Yeni Depo' }],
  warehouses: [{ kind: 'form', opener: 'Yeni Depo Oluştur' }],
  'stock-management': [
    { kind: 'viewer', opener: /stok hareketleri$/ },
    { kind: 'viewer', opener: /^Partiler / },
  ],
  'goods-in-out': [
    { kind: 'form', opener: 'Mal Giriş' },
    { kind: 'form', opener: 'Mal Çıkış' },
    { kind: 'form', opener: 'Sayım' },
  ],
  'warehouse-orders': [{ kind: 'form', opener: 'Araca Yükle' }],
  baskets: [
    { kind: 'form', opener: 'Sipariş Oluştur' },
    { kind: 'confirm', opener: 'Sepeti İptal Et' },
  ],
  orders: [
    { kind: 'form', opener: 'Araç Planla', expand: /Sipariş \d+/ },
    { kind: 'drawer', opener: 'Geçmiş' },
  ],
  shipments: [
    { kind: 'form', opener: 'Yeni Sevkiyat' },
    { kind: 'viewer', opener: 'Rota' },
  ],
  vehicles: [{ kind: 'form', opener: 'Araç Ekle' }],
  drivers: [{ kind: 'form', opener: 'Sürücü Ekle' }],
  'milk-vehicles': [{ kind: 'form', opener: 'Araç Ekle' }],
  'milk-drivers': [{ kind: 'form', opener: 'Şoför Ekle' }],
  'milk-deliveries': [{ kind: 'form', opener: 'Yeni Teslimat' }],
};

/**
 * Lets lists load and fade-ins and charts settle: axe measures colours as they are painted. (Not
 * 'networkidle': the live-update stream keeps a request open.)
 */
async function settle(page: Page) {
  await page.getByTestId('busy-indicator').waitFor({ state: 'hidden' });
  await page.waitForTimeout(600);
}

async function openScreen(page: Page, baseUrl: string, key: ScreenKey, path: string) {
  const from = REACHED_FROM[key];
  if (from) {
    await page.goto(`${baseUrl}${from.path}`);
    await page.getByRole('link', { name: from.link }).first().click();
  } else {
    await page.goto(`${baseUrl}${path}`);
  }
  await page.locator('main h1').first().waitFor();
  await settle(page);
}

/** The accessible name of what has focus: its label, else its text. */
function focusedName(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    return (focused?.getAttribute('aria-label') ?? focused?.textContent ?? undefined)?.trim();
  });
}

function opener(page: Page, check: ModalCheck): Locator {
  const main = page.locator('main');
  return main
    .getByRole('button', { name: check.opener, exact: typeof check.opener === 'string' })
    .or(main.getByRole('link', { name: check.opener, exact: typeof check.opener === 'string' }))
    .first();
}

/** Opens the modal, checks the page with it open, and closes it without changing anything. */
async function modalFindings(page: Page, key: ScreenKey, check: ModalCheck): Promise<AxeFinding[]> {
  if (check.expand) await page.locator('main').getByRole('button', { name: check.expand }).first().click();
  const dialog = page.getByRole('dialog').last();
  await opener(page, check).click();
  // A row that a list refetch redraws under the pointer may swallow the click: one more try, only when
  // nothing opened by then. On a loaded machine a drawer may take over 10 s to open, and a second click
  // landing as it opens would close it again.
  await dialog.waitFor({ timeout: 20_000 }).catch(async () => {
    if (!(await dialog.isVisible())) await opener(page, check).click();
  });
  await dialog.waitFor();
  await settle(page);
  const findings = await axeFindings(page, `${key} · ${check.kind} '${String(check.opener)}'`);
  await screenshot(page, `a11y-${key}-${check.kind}`);
  if (check.kind === 'confirm') await dialog.getByRole('button', { name: 'Vazgeç' }).click();
  else await dialog.getByRole('button', { name: 'Kapat', exact: true }).first().click();
  await dialog.waitFor({ state: 'hidden' });
  return findings;
}

describe('every screen and modal kind against WCAG 2.2 AA (axe-core)', () => {
  let portal: Portal;
  let browser: BrowserSession;

  beforeAll(async () => {
    // The demo data: every table has rows, every status its badge, every chart its bars.
    portal = await startPortal({ demo: true });
    browser = await openBrowser();
    await watchCspViolations(browser.page);
  }, DEMO_START_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  it('passes on the sign-in page', async () => {
    const { page } = browser;
    await page.goto(`${portal.baseUrl}/portal-giris`);
    await page.locator('input[name="password"]').waitFor();
    await settle(page);
    const findings = await axeFindings(page, 'sign-in');
    expect(describeFindings(findings)).toBe('');

    // The password eye is the next Tab stop after the field, in Turkish, and says what it does now.
    await page.locator('input[name="password"]').focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Şifreyi göster');
    await page.keyboard.press('Enter');
    expect(await page.locator('input[name="password"]').getAttribute('type')).toBe('text');
    expect(await focusedName(page)).toBe('Şifreyi gizle');
    await signInThroughUi(page, portal.baseUrl, ADMIN_USER, ADMIN_PASSWORD);
  });

  it('leads the keyboard: skip link first, the heading after a move, a ring on fields, the burger', async () => {
    const { page } = browser;
    await page.goto(`${portal.baseUrl}/dashboard`);
    await page.locator('main h1').waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('İçeriğe geç');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    // A menu entry opens its screen and focus goes to that screen's heading, not back to the menu.
    await page.getByTestId('menu-entry').filter({ hasText: 'Müşteri Yönetimi' }).first().click();
    await page.getByRole('heading', { name: 'Müşteri Yönetimi', level: 1 }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Müşteri Yönetimi');

    const search = page.getByPlaceholder('Ara...');
    await search.focus();
    const ring = await search.evaluate((input) => {
      const style = getComputedStyle(input);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(ring).toBe('solid 2px');

    // On a narrow screen the burger opens the menu and says so.
    await page.setViewportSize({ width: 600, height: 800 });
    const burger = page.getByRole('button', { name: 'Menü' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(`#${await burger.getAttribute('aria-controls')}`).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it.each(SCREENS.map((screen) => [screen.key, screen] as const))(
    'passes on %s and its modals',
    async (key, screen) => {
      const { page } = browser;
      await openScreen(page, portal.baseUrl, key, screen.paths[0]);
      const findings = await axeFindings(page, key);
      for (const check of MODALS[key] ?? []) findings.push(...(await modalFindings(page, key, check)));
      expect(describeFindings(findings)).toBe('');
      // Zod probes `new Function` unless told not to; the policy forbids it (zod-without-eval.ts).
      expect(await cspViolations(page)).toEqual([]);
    },
  );

  it("passes on a lot's trace on 'Parti Takibi'", async () => {
    const { page } = browser;
    await openScreen(page, portal.baseUrl, 'lots', '/parti-takibi');
    await page
      .locator('main')
      .getByRole('button', { name: /^İzle: / })
      .first()
      .click();
    await page.getByTestId('lot-trace').waitFor();
    await settle(page);
    const findings = await axeFindings(page, 'lots · trace');
    await screenshot(page, 'a11y-lots-trace');
    expect(describeFindings(findings)).toBe('');
  });

  it("passes on the shipping staff's shipment list and load acceptance", async () => {
    const { page } = browser;
    await signOutThroughUi(page);
    await signInThroughUi(page, portal.baseUrl, SHIPPING_STAFF.userName, SHIPPING_STAFF.password);
    const findings: AxeFinding[] = [];
    await openScreen(page, portal.baseUrl, 'shipments', '/sevkiyat-yonetimi');
    findings.push(...(await axeFindings(page, 'shipments (shipping staff)')));
    await openScreen(page, portal.baseUrl, 'shipment-contents', '');
    findings.push(...(await axeFindings(page, 'shipment-contents (shipping staff)')));
    expect(describeFindings(findings)).toBe('');
  });
});
