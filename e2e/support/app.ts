import { expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@sigece.local', password: 'admin123' };

/**
 * Logs in through the login form (Spanish labels) and waits for the user's first screen: 'Inicio' for
 * staff, or the screen the user's kind starts on (a SENIAT portal user goes straight to its documents, and
 * on a fast machine never shows /home on the way).
 */
export async function login(page: Page, email: string, password: string, landing = /\/home$/): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(landing);
}

/** The 'Contrato de servicio' modal shows until its checkbox is ticked. */
export async function acceptContract(page: Page): Promise<void> {
  const contract = page.getByRole('dialog', { name: 'Contrato de servicio' });
  await expect(contract).toBeVisible();
  await expect(contract).toContainText('CONTRATO DE PRESTACIÓN DE SERVICIOS');
  await contract.getByLabel('Acepto los terminos del contrato').check();
  await expect(contract).toBeHidden();
}

/** How every journey starts: log in (the admin unless told) and accept the service contract. */
export async function signIn(
  page: Page,
  email = ADMIN.email,
  password = ADMIN.password,
  landing = /\/home$/,
): Promise<void> {
  await login(page, email, password, landing);
  await acceptContract(page);
}

/** A select (MUI combobox) of `scope`; its options open in a popup of the page. */
export async function chooseOption(page: Page, scope: Locator, field: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Menú principal' });
}

/** Opens a menu group (if closed) and then one of its entries. */
export async function openMenu(page: Page, group: string, entry: string): Promise<void> {
  const menu = mainMenu(page);
  const link = menu.getByRole('link', { name: entry, exact: true });
  if (!(await link.isVisible())) await menu.getByRole('button', { name: group, exact: true }).click();
  await link.click();
}

/** The header's user menu (issue 21 §13): 'Cambiar contraseña' and 'Cerrar sesión'. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The access token of the browser's session (local storage key sigece.session). */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('sigece.session');
    return raw ? (JSON.parse(raw) as { access: { token: string } }).access.token : null;
  });
  if (!token) throw new Error('no session in local storage');
  return token;
}

/** A success or error toast (notistack, top center). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('#notistack-snackbar').filter({ hasText: text });
}
