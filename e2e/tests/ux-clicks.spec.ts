import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { ADMIN, acceptContract, toast } from '../support/app.ts';

/**
 * The desk's figure: the clicks (and the keys that replace clicks) to issue a 3-line cash invoice from the
 * login screen, as a careful daily user does it: Home's 'Nueva factura', the company, a client found by
 * name, the number, three products each typed and taken with Enter, one cash payment, GENERAR. The
 * figures are printed and attached to the report (43 clicks before the invoice desk was reworked); the
 * elapsed time is only reported, never asserted (performance goals belong to bench/). Screenshots of the
 * screens the rework changed go to UX_SHOTS_DIR when it is set (the lead's note), else to the test's output
 * folder.
 */

const COMPANY = 'Demo Comercial, C.A. (J-123456789)';
/** The budget this journey must stay within: a regression in the desk's flow fails here. */
const CLICK_BUDGET = 16;

class Counter {
  clicks = 0;
  keys = 0;
  async click(target: Locator) {
    this.clicks++;
    await target.click();
  }
  async press(page: Page, key: string) {
    this.keys++;
    await page.keyboard.press(key);
  }
}

const phone = (info: TestInfo) => info.project.name.includes('phone');

function shotsDir(info: TestInfo): string {
  const dir = process.env.UX_SHOTS_DIR ?? info.outputPath('shots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

test('a 3-line invoice from login: clicks and time', async ({ page }, info) => {
  test.setTimeout(240_000);
  const count = new Counter();
  const shot = (name: string) =>
    page.screenshot({ path: join(shotsDir(info), `${info.project.name}-${name}.png`), fullPage: true });
  const nro = `${String(Date.now()).slice(-7)}${info.project.name.length}${phone(info) ? 1 : 2}`;

  // The first day's contract is accepted once per browser, not per invoice: done before counting.
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await acceptContract(page);
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await shot('user-menu');
  await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
  const ownPassword = page.getByRole('dialog', { name: 'Cambiar contraseña' });
  await expect(ownPassword).toBeVisible();
  await shot('change-password');
  await page.keyboard.press('Escape');
  // Closed before the next click: a click during the dialog's closing lands on its backdrop and opens nothing.
  await expect(ownPassword).toBeHidden();
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const started = Date.now();
  await test.step('log in (e-mail, Tab, password, Enter)', async () => {
    await count.click(page.getByLabel('Correo electrónico'));
    await page.keyboard.type(ADMIN.email);
    await count.press(page, 'Tab');
    await page.keyboard.type(ADMIN.password);
    await count.press(page, 'Enter');
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  });

  await test.step("Home's 'Nueva factura'", async () => {
    await count.click(page.getByRole('link', { name: 'Nueva factura' }));
    await expect(page.getByRole('heading', { name: 'Factura General', exact: true })).toBeVisible({
      timeout: 30_000,
    });
  });

  await test.step('company, client by name (sale type already INTERNA), number', async () => {
    await count.click(page.getByRole('main').getByRole('combobox', { name: 'Razón Social' }));
    await count.click(page.getByRole('option', { name: COMPANY }));
    await count.click(page.getByTestId('client-picker-input'));
    await page.keyboard.type('pedro');
    await count.click(page.getByRole('option', { name: /^V-12345678 \/ Pedro P[eé]rez$/i }));
    await expect(page.getByRole('radio', { name: 'INTERNA' })).toBeChecked();
    await count.click(page.getByRole('textbox', { name: 'Nro. Factura' }));
    await page.keyboard.type(nro);
  });

  await test.step('three lines: Agregar producto, type the code, Enter takes it, Enter adds it', async () => {
    for (const code of ['P-001', 'P-002', 'P-003']) {
      await count.click(page.getByRole('button', { name: 'Agregar producto' }));
      const dialog = page.getByRole('dialog', { name: 'Agregar Producto' });
      await expect(dialog.getByTestId('product-picker-input')).toBeFocused();
      await page.keyboard.type(code);
      // As a user does: Enter once the first suggestion is the product typed.
      await expect(page.getByRole('option').first()).toHaveText(new RegExp(`^${code} - `), {
        timeout: 30_000,
      });
      await expect(dialog.getByTestId('product-picker-input')).toHaveAttribute(
        'aria-activedescendant',
        /-option-0$/,
      );
      await count.press(page, 'Enter');
      await expect(dialog.getByTestId('product-picker-input')).toHaveValue(new RegExp(`^${code} - `));
      await count.press(page, 'Enter');
      await expect(dialog).toBeHidden();
    }
    // The three lines (a phone shows them as cards, without the header row).
    await expect(page.getByRole('table', { name: 'Detalle de Productos' }).locator('tbody tr')).toHaveCount(
      3,
    );
    await shot('desk-three-lines');
  });

  await test.step('one cash payment of the whole amount, then GENERAR', async () => {
    await count.click(page.getByRole('button', { name: 'Agregar pago' }));
    const payment = page.getByRole('dialog', { name: 'Agregar Pago' });
    await count.click(payment.getByRole('combobox', { name: 'Medio de pago' }));
    await count.click(page.getByRole('option', { name: 'EFECTIVO' }));
    await count.click(payment.getByRole('button', { name: 'Agregar' }));
    await expect(payment).toBeHidden();
    await count.click(page.getByRole('button', { name: 'GENERAR factura' }));
    await expect(toast(page, 'Factura General registrada')).toBeVisible({ timeout: 60_000 });
  });
  const seconds = (Date.now() - started) / 1000;

  const figure = `${count.clicks} clicks + ${count.keys} keys (Tab/Enter) in ${seconds.toFixed(1)} s`;
  console.log(`[${info.project.name}] 3-line invoice from login: ${figure}`);
  info.annotations.push({ type: '3-line invoice from login', description: figure });
  expect(count.clicks).toBeLessThanOrEqual(CLICK_BUDGET);

  await test.step('screens of the reworked lists for the note', async () => {
    await page.goto('/home');
    await expect(page.getByTestId('dash-invoiced')).toBeVisible({ timeout: 30_000 });
    await shot('home');
    await page.goto('/facturacion/generales');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nro);
    await expect(page.getByRole('row').filter({ hasText: nro })).toHaveCount(1, { timeout: 30_000 });
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
    await expect(page.locator('main table tbody tr').first()).toContainText(/\d/, { timeout: 30_000 });
    await shot('invoice-list');
    await page.goto('/retenciones/iva-islr');
    await expect(page.locator('main table tbody tr').first()).toBeVisible({ timeout: 30_000 });
    await shot('withholding-list');
  });
});
