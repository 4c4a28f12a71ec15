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

/**
 * A select (MUI combobox) of `scope`; its options open in a popup of the page. The popup grows in with a
 * transition: on a loaded machine a click taken during it can land beside the option and leave the popup
 * open (the rest of the page then hidden from the accessibility tree), so the option is clicked again until
 * the popup has closed.
 */
export async function chooseOption(page: Page, scope: Locator, field: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: field }).click();
  const choice = page.getByRole('option', { name: option });
  await choice.click();
  await expect(async () => {
    if (await choice.isVisible()) await choice.click({ timeout: 2_000 });
    await expect(page.getByRole('listbox')).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Menú principal' });
}

/**
 * Opens a menu group (if closed) and then one of its entries, until the page is the entry's. A group
 * opens with a height transition that moves the entries below it (and, in a scrolled menu, the scroll
 * anchoring moves them again): a click computed mid-way can land beside the link, so it is repeated
 * until the address is the link's.
 */
export async function openMenu(page: Page, group: string, entry: string): Promise<void> {
  const menu = mainMenu(page);
  const link = menu.getByRole('link', { name: entry, exact: true });
  if (!(await link.isVisible())) await menu.getByRole('button', { name: group, exact: true }).click();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`the menu entry ${entry} has no address`);
  const target = new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[?#].*)?$`);
  await expect(async () => {
    await link.click({ timeout: 2_000 });
    await expect(page).toHaveURL(target, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The header's user menu: 'Cambiar contraseña' and 'Cerrar sesión'. */
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
