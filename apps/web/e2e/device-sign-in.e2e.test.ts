import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder } from './seed.ts';
import { signInThroughUi, signOutThroughUi, storedToken } from './ui.ts';

const baseUrl = inject('baseUrl');
const USER = 'cihaz.e2e';
const PASSWORD = 'cihaz-e2e-1234';
const DEVICE_TOKENS_KEY = 'mandira-portal.device-tokens';

const signInByApi = (password: string) =>
  fetch(`${baseUrl}/api/user-access/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: USER, password }),
  });

/** Decision 97: a browser that signed in before is not locked out by someone guessing the password. */
describe('signing in from a known device while the user name is under attack', () => {
  let known: BrowserSession;
  let stranger: BrowserSession;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({
      userName: USER,
      name: 'Cihan',
      surname: 'Kaya',
      password: PASSWORD,
      roles: ['WAREHOUSE_STAFF'],
    });
    known = await openBrowser();
    await known.page.setViewportSize({ width: 1366, height: 768 });
    stranger = await openBrowser();
    await stranger.page.setViewportSize({ width: 1366, height: 768 });
  });

  afterAll(async () => {
    await known?.close();
    await stranger?.close();
  });

  it('keeps the device token after sign-out and signs the warehouse clerk in with it', async () => {
    const { page } = known;
    await signInThroughUi(page, baseUrl, USER, PASSWORD);
    await signOutThroughUi(page);
    expect(await storedToken(page)).toBeNull();
    const kept = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '{}'),
      DEVICE_TOKENS_KEY,
    );
    expect(kept[USER]).toMatch(/^\d+\.\d+\.[\w-]{22}\.[\w-]{43}$/);

    // Someone guesses the clerk's password from the same network until the name is throttled there.
    for (let i = 0; i < 5; i++) expect((await signInByApi('tahmin-edilen')).status).toBe(401);
    expect((await signInByApi(PASSWORD)).status).toBe(429);

    // The clerk's own browser still signs in.
    await signInThroughUi(page, baseUrl, USER, PASSWORD);
    expect(await storedToken(page)).toBeTruthy();
    await screenshot(page, 'device-sign-in-known');
  });

  it('keeps throttling a browser that never signed in as this user', async () => {
    const { page } = stranger;
    await page.goto(`${baseUrl}/portal-giris`);
    await page.locator('input[name="userName"]').fill(USER);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    const message = page.getByTestId('sign-in-error');
    await message.getByText(/Çok fazla başarısız giriş denemesi yapıldı/).waitFor();
    expect(page.url()).toContain('/portal-giris');
    expect(await storedToken(page)).toBeNull();
    await screenshot(page, 'device-sign-in-stranger');
  });
});
