import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder } from './seed.ts';
import { ADMIN_PASSWORD, ADMIN_USER, UI_TIMEOUT_MS } from './settings.ts';
import {
  cancelTypedForm,
  dialog,
  menuLabels,
  signInThroughUi,
  signOutThroughUi,
  storedToken,
  TOKEN_KEY,
} from './ui.ts';

const baseUrl = inject('baseUrl');

describe('sign-in, menus and page access by role', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the server message in red after a wrong password and keeps no token', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/portal-giris`);
    await page
      .getByTestId('app-version')
      .getByText(/^v\d+\.\d+\.\d+/)
      .waitFor();
    await screenshot(page, 'sign-in');
    await page.locator('input[name="userName"]').fill(ADMIN_USER);
    await page.locator('input[name="password"]').fill('yanlis-sifre');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();

    const message = page.getByTestId('sign-in-error');
    await message.waitFor();
    expect(await message.textContent()).toContain('Kullanıcı adı veya şifre hatalı.');
    const color = await message
      .getByText('Kullanıcı adı veya şifre hatalı.')
      .evaluate((el) => getComputedStyle(el).color);
    const [red, green, blue] = color.match(/\d+/g)!.map(Number);
    expect(red).toBeGreaterThan(green! + 60);
    expect(red).toBeGreaterThan(blue! + 60);
    expect(page.url()).toContain('/portal-giris');
    expect(await storedToken(page)).toBeNull();
    await screenshot(page, 'sign-in-error');
  });

  it('lets an admin create a secretary, give her a password, and shows her only her menu', async () => {
    const { page } = browser;
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({
      userName: 'ofis.e2e',
      name: 'Ayşe',
      surname: 'Yılmaz',
      password: 'ofis-e2e-1234',
      roles: ['BACKOFFICE_ADMIN'],
    });

    await signInThroughUi(page, baseUrl, ADMIN_USER, ADMIN_PASSWORD);
    expect(await storedToken(page)).toBeTruthy();
    // The header names the person (GET /user-access/me), not the login.
    await page.getByTestId('signed-in-user').getByText('Sistem Yöneticisi').waitFor();
    expect(await menuLabels(page)).toEqual(expect.arrayContaining(['Ana Sayfa', 'Kullanıcı Yönetimi']));
    await screenshot(page, 'dashboard-admin');

    await page.getByTestId('menu-entry').filter({ hasText: 'Kullanıcı Yönetimi' }).click();
    await page.waitForURL('**/user-management');
    await page.getByRole('cell', { name: 'ofis.e2e', exact: true }).waitFor();

    // A new user with one role, through the modal.
    await page.getByRole('button', { name: 'Kullanıcı Ekle' }).click();
    const addUser = dialog(page, 'Kullanıcı Ekle');
    await addUser.getByLabel('Kullanıcı adı').fill('sekreter.e2e');
    await addUser.getByLabel('Ad', { exact: true }).fill('Gül');
    await addUser.getByLabel('Soyad').fill('Doğan');
    await addUser.getByLabel('E-posta').fill('gul.dogan@mandira.example');
    await addUser.getByLabel('Telefon').fill('0532 111 22 33');
    await addUser.getByLabel('Sekreter').check();
    await screenshot(page, 'users-add-modal');
    await addUser.getByRole('button', { name: 'Kaydet' }).click();
    await addUser.waitFor({ state: 'hidden' });
    const secretaryRow = page.getByRole('row').filter({ hasText: 'sekreter.e2e' });
    await secretaryRow.waitFor();
    expect(await secretaryRow.textContent()).toContain('Sekreter');
    await page.getByText('sekreter.e2e kaydedildi.').waitFor({ state: 'hidden' });
    await screenshot(page, 'users-tab');

    // Excel gets the rows on screen, with the Turkish headers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('kullanicilar.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['Kullanıcı Adı', 'Kayıt Tarihi', 'Roller']),
    );
    // Other test files share this server, so the count comes from the API rather than a constant.
    const userCount = (await seeder.call<unknown[]>('GET', '/user-access')).length;
    expect(sheet.rowCount).toBe(userCount + 1);

    // The same name again: the server's 409 message stays in the open modal.
    await page.getByRole('button', { name: 'Kullanıcı Ekle' }).click();
    await addUser.getByLabel('Kullanıcı adı').fill('sekreter.e2e');
    await addUser.getByRole('button', { name: 'Kaydet' }).click();
    await addUser.getByTestId('form-error').getByText('zaten kullanılıyor').waitFor();
    await screenshot(page, 'users-add-duplicate');
    await cancelTypedForm(page, addUser);

    // Editing reopens the modal with the row's values and the user's roles.
    await secretaryRow.getByRole('button', { name: 'Düzenle' }).click();
    const editUser = dialog(page, 'Kullanıcıyı Düzenle');
    expect(await editUser.getByLabel('Kullanıcı adı').inputValue()).toBe('sekreter.e2e');
    expect(await editUser.getByLabel('Soyad').inputValue()).toBe('Doğan');
    expect(await editUser.getByLabel('Sekreter').isChecked()).toBe(true);
    expect(await editUser.getByLabel('Ofis Yöneticisi').isChecked()).toBe(false);
    // The contract's rules show on their fields before anything is sent, without raw keys.
    await editUser.getByLabel('Kullanıcı adı').fill('ab');
    await editUser.getByLabel('Telefon').fill('abc');
    await editUser.getByRole('button', { name: 'Kaydet' }).click();
    await editUser.getByText('Kullanıcı adı en az 3 karakter olmalıdır.').waitFor();
    await editUser.getByText('Telefon yalnızca rakam, boşluk ve + ( ) - içerebilir.').waitFor();
    expect(await editUser.getByTestId('form-error').count()).toBe(0);
    expect(await editUser.textContent()).not.toContain("'userName'");
    await screenshot(page, 'users-edit-field-errors');
    await editUser.getByLabel('Kullanıcı adı').fill('sekreter.e2e');
    await editUser.getByLabel('Telefon').fill('0532 999 88 77');
    await editUser.getByRole('button', { name: 'Kaydet' }).click();
    await editUser.waitFor({ state: 'hidden' });
    await secretaryRow.getByText('0532 999 88 77').waitFor();

    // The users search starts only after more than two characters.
    const search = page.getByPlaceholder('Ara...');
    await search.fill('se');
    expect(await page.getByTestId('table-count').textContent()).toBe(`${userCount} kayıt`);
    await search.fill('SEKRETER.E2E');
    await page.getByTestId('table-count').getByText(`1 / ${userCount} kayıt`).waitFor();
    await search.fill('');

    // Generating a password asks first, then shows it once.
    await secretaryRow.getByRole('button', { name: 'Şifre Üret' }).click();
    await dialog(page, 'Şifre üretilsin mi?').getByRole('button', { name: 'Şifre Üret' }).click();
    const generated = dialog(page, 'Yeni şifre üretildi');
    const password = ((await generated.getByTestId('generated-password').textContent()) ?? '').trim();
    expect(password.length).toBeGreaterThanOrEqual(8);
    await screenshot(page, 'users-generated-password');
    await generated.getByRole('button', { name: 'Tamam' }).click();
    await generated.waitFor({ state: 'hidden' });

    // The super user's password cannot be generated from the screen.
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: ADMIN_USER, exact: true }) })
      .getByRole('button', { name: 'Şifre Üret' })
      .click();
    await dialog(page, 'Şifre üretilsin mi?').getByRole('button', { name: 'Şifre Üret' }).click();
    await page
      .getByTestId('generate-password-error')
      .getByText('Seçilen kullanıcı için şifre üretilemez!')
      .waitFor();
    await screenshot(page, 'users-refused-password');

    await page.getByRole('tab', { name: 'Roller' }).click();
    await page.getByRole('cell', { name: 'SUPER_ADMIN' }).waitFor();
    const superRow = page.getByRole('row').filter({ hasText: 'SUPER_ADMIN' });
    expect(await superRow.getByRole('button', { name: 'Düzenle' }).isDisabled()).toBe(true);
    await screenshot(page, 'users-roles-tab');

    // A custom role from privileges.
    await page.getByRole('button', { name: 'Rol Ekle' }).click();
    const addRole = dialog(page, 'Rol Ekle');
    await addRole.getByLabel('Rol anahtarı').fill('depo_sorumlusu');
    await addRole.getByLabel('Rol adı').fill('Depo Sorumlusu');
    await addRole.getByLabel('Stok geçmişi').check();
    await addRole.getByLabel('Depo yönetimi').check();
    await screenshot(page, 'users-role-modal');
    await addRole.getByRole('button', { name: 'Kaydet' }).click();
    await addRole.waitFor({ state: 'hidden' });
    const customRow = page.getByRole('row').filter({ hasText: 'DEPO_SORUMLUSU' });
    await customRow.waitFor();
    expect(await customRow.textContent()).toMatch(/Depo Sorumlusu.*Özel.*2/);

    await signOutThroughUi(page);
    expect(await storedToken(page)).toBeNull();

    // The secretary sees the screens every signed-in user sees (decision 104), reading only.
    await signInThroughUi(page, baseUrl, 'sekreter.e2e', password);
    expect(await menuLabels(page)).toEqual(['Ana Sayfa', 'Satılabilir Ürünler', 'Stok Geçmişi']);
    await screenshot(page, 'dashboard-secretary');
    const [listed] = await Promise.all([
      page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/products'),
      page.getByTestId('menu-entry').filter({ hasText: 'Satılabilir Ürünler' }).click(),
    ]);
    expect(listed.status()).toBe(200);
    await page.getByRole('heading', { name: 'Satılabilir Ürün Listesi' }).waitFor();
    expect(await page.getByRole('button', { name: 'Ürün Ekle' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Düzenle' }).count()).toBe(0);
    await screenshot(page, 'sellable-products-secretary');
    await page.getByTestId('menu-entry').filter({ hasText: 'Stok Geçmişi' }).click();
    await page.getByRole('heading', { name: 'Stok Geçmişi' }).waitFor();
    await page.getByTestId('history-filters').waitFor();
    await screenshot(page, 'stock-history-secretary');

    // A page her role lacks sends her to the sign-in page.
    await page.goto(`${baseUrl}/user-management`);
    await page.waitForURL('**/portal-giris', { timeout: UI_TIMEOUT_MS });
    await page.goto(`${baseUrl}/sign-out`);
    await page.waitForURL('**/portal-giris', { timeout: UI_TIMEOUT_MS });
    expect(await storedToken(page)).toBeNull();

    // An office administrator reaches user management, also through its Turkish alias.
    await signInThroughUi(page, baseUrl, 'ofis.e2e', 'ofis-e2e-1234');
    expect(await menuLabels(page)).toEqual([
      'Ana Sayfa',
      'Kullanıcı Yönetimi',
      'İşlem Geçmişi',
      'Satılabilir Ürünler',
      'Müşteri Deposu Yönetimi',
      'Stok Geçmişi',
      'Parti Takibi',
      'Sevkiyat Yönetimi',
    ]);
    await page.goto(`${baseUrl}/kullanici-yonetimi`);
    await page.getByRole('cell', { name: 'sekreter.e2e' }).waitFor();
    expect(page.url()).toContain('/kullanici-yonetimi');
    await signOutThroughUi(page);
  });

  it('sends a browser with an unknown token to the sign-in page and forgets the token', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/portal-giris`);
    await page.evaluate((key) => localStorage.setItem(key, 'gecersiz-bir-anahtar'), TOKEN_KEY);
    await page.goto(`${baseUrl}/`);
    await page.waitForURL('**/portal-giris', { timeout: UI_TIMEOUT_MS });
    expect(await storedToken(page)).toBeNull();
  });

  it('shows the welcome text at / as well as at /dashboard', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, ADMIN_USER, ADMIN_PASSWORD);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Hoş geldiniz!' }).waitFor();
    await signOutThroughUi(page);
  });

  it('answers an unknown address with the Turkish not-found page', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/boyle-bir-sayfa-yok`);
    await page.getByRole('heading', { name: 'Sayfa bulunamadı' }).waitFor();
    await screenshot(page, 'not-found');
  });
});
