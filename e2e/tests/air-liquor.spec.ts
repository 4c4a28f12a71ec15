import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatAmount } from '@sigece/fiscal';
import { signIn, toast } from '../support/app.ts';

/**
 * Air and liquor invoices journeys. Air: from /facturacion/aereas the administrator issues an AEREA
 * invoice for Demo Comercial with the passenger, ticket and route and an airport fee outside the IVA
 * base; the total adds the fee, the invoice appears in the air list (not in the liquor list) and its
 * signed PDF opens. Liquor: from /facturacion/licores, the licence and a bottle's grade, capacity and
 * band, read back in the invoice's detail.
 */

const COMPANY = 'Demo Comercial, C.A. (J-123456789)';
/** P-001 at the demo's USD rate: 1.545,39 Bs. + 16 % IVA 247,26; the fee 100,00 is outside the base. */
const SUBTOTAL = '1545.39';
const IVA_16 = '247.26';
const FEE = '100.00';
const TOTAL = '1892.65';
/** The same product without the fee: 1.545,39 + 247,26 = 1.792,65. */
const TOTAL_NO_FEE = '1792.65';
const bs = (amount: string) => formatAmount(amount, { suffix: 'Bs.' });

async function chooseOption(page: Page, scope: Locator, field: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

test('issue an air invoice from its list, with its fee outside the taxable base, and see its PDF', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const nro = `A${String(Date.now()).slice(-7)}`;

  await test.step('log in; the air list opens its own new invoice', async () => {
    await signIn(page);
    await page.goto('/facturacion/aereas');
    await expect(page.getByRole('heading', { name: 'Facturas Aéreas' })).toBeVisible();
    await page.getByRole('button', { name: 'Nueva Factura Aérea' }).click();
    await expect(page).toHaveURL(/\/facturacion\/generales\/facturaGeneral\?modelo=AEREA$/);
    await expect(page.getByRole('heading', { name: 'Factura Aérea', exact: true })).toBeVisible();
    await expect(page.getByTestId('air-transport-card')).toBeVisible();
  });

  await test.step('company, client, sale type, number, passenger, ticket and route', async () => {
    const main = page.getByRole('main');
    await chooseOption(page, main, 'Razón Social', COMPANY);
    await page.getByTestId('client-picker-input').fill('12345678');
    await page.getByRole('option', { name: 'V-12345678 / Pedro Pérez' }).click();
    await page.getByRole('radio', { name: 'INTERNA' }).check();
    await page.getByRole('textbox', { name: 'Nro. Factura' }).fill(nro);
    const card = page.getByTestId('air-transport-card');
    await card.getByRole('textbox', { name: 'Pasajero (nombre y apellido)' }).fill('Pedro Pérez');
    await card.getByRole('textbox', { name: 'C.I. / Pasaporte' }).fill('V-12345678');
    await card.getByRole('textbox', { name: 'N° de boleto' }).fill('279-2401234567');
    await card.getByRole('textbox', { name: 'N° de vuelo' }).fill('EJ 1203');
    await card.getByRole('textbox', { name: 'Origen' }).fill('CCS');
    await card.getByRole('textbox', { name: 'Destino' }).fill('PMV');
    await card.getByLabel('Fecha de salida').fill('2026-12-15');
  });

  await test.step('a product and an airport fee: the fee joins the total, not the IVA base', async () => {
    await page.getByRole('button', { name: 'Agregar producto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Producto' });
    await dialog.getByTestId('product-picker-input').fill('P-001');
    await page.getByRole('option', { name: /^P-001 - / }).click();
    await expect(dialog.getByRole('radio', { name: 'Sin Desc.' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Agregar cargo' }).click();
    await page.getByTestId('air-charge-concepto-0').fill('Tasa aeroportuaria');
    await page.getByTestId('air-charge-monto-0').fill('100');
    await expect(page.getByTestId('total-subTotal')).toHaveText(bs(SUBTOTAL));
    await expect(page.getByTestId('total-iva-16')).toHaveText(bs(IVA_16));
    await expect(page.getByTestId('total-totalCargos')).toHaveText(bs(FEE));
    await expect(page.getByTestId('total-importeTotal')).toHaveText(bs(TOTAL));
  });

  await test.step('on credit, generate', async () => {
    await page.getByRole('switch', { name: 'CONTADO' }).check();
    const generate = page.getByRole('button', { name: 'GENERAR factura' });
    await expect(generate).toBeEnabled();
    await generate.click();
    await expect(toast(page, 'Factura General registrada')).toBeVisible();
    const issued = page.getByRole('dialog', { name: 'Factura generada' });
    await expect(issued.locator('[data-label="Nro. Factura"]')).toHaveText(nro);
    await issued.getByRole('link', { name: 'Ir a la lista' }).click();
    await expect(page).toHaveURL(/\/facturacion\/aereas$/);
  });

  await test.step('the air list shows it with its PDF; the liquor list does not', async () => {
    await expect(page.getByRole('heading', { name: 'Facturas Aéreas' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: nro });
    await expect(row).toBeVisible();
    await expect(row).toContainText(/\d{2}-\d{8}/, { timeout: 60_000 });
    await row.getByRole('button', { name: 'Ver PDF' }).click();
    const dialog = page.getByRole('dialog', { name: `Factura N° ${nro}` });
    await expect(dialog.getByTestId('document-pdf')).toHaveAttribute('src', /^blob:/);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await page.goto('/facturacion/licores');
    await expect(page.getByRole('heading', { name: 'Facturas de Licores' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: nro })).toHaveCount(0);
  });
});

test('issue a liquor invoice with its licence and a bottle’s grade and capacity, and read them in its detail', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const nro = `L${String(Date.now()).slice(-7)}`;

  await signIn(page);
  await page.goto('/facturacion/licores');
  await expect(page.getByRole('heading', { name: 'Facturas de Licores' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva Factura de Licores' }).click();
  await expect(page.getByRole('heading', { name: 'Factura de Licores', exact: true })).toBeVisible();

  await chooseOption(page, page.getByRole('main'), 'Razón Social', COMPANY);
  await page.getByTestId('client-picker-input').fill('12345678');
  await page.getByRole('option', { name: 'V-12345678 / Pedro Pérez' }).click();
  await page.getByRole('radio', { name: 'INTERNA' }).check();
  await page.getByRole('textbox', { name: 'Nro. Factura' }).fill(nro);
  const card = page.getByTestId('liquor-card');
  await card.getByRole('textbox', { name: 'Licencia de expendio' }).fill('LIC-DC-2026-000045');
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar Producto' });
  await dialog.getByTestId('product-picker-input').fill('P-001');
  await page.getByRole('option', { name: /^P-001 - / }).click();
  await expect(dialog.getByRole('radio', { name: 'Sin Desc.' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole('textbox', { name: 'Grado (°G.L.)' }).fill('40');
  await card.getByRole('textbox', { name: 'Capacidad' }).fill('0,75');
  await card.getByRole('textbox', { name: 'Banda de garantía' }).fill('BG-000123');
  // No charges outside the base on a liquor invoice: the total is subtotal plus IVA.
  await expect(page.getByTestId('total-importeTotal')).toHaveText(bs(TOTAL_NO_FEE));
  await page.getByRole('switch', { name: 'CONTADO' }).check();
  await page.getByRole('button', { name: 'GENERAR factura' }).click();
  await expect(toast(page, 'Factura General registrada')).toBeVisible();
  const issued = page.getByRole('dialog', { name: 'Factura generada' });
  await issued.getByRole('link', { name: 'Ir a la lista' }).click();
  await expect(page).toHaveURL(/\/facturacion\/licores$/);

  const row = page.getByRole('row').filter({ hasText: nro });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Consultar' }).click();
  const detail = page.getByRole('dialog', { name: `Factura N° ${nro}` });
  await expect(detail).toContainText('Datos de Expendio de Especies Alcohólicas');
  await expect(detail).toContainText('LIC-DC-2026-000045');
  await expect(detail).toContainText('Grado: 40 °G.L.');
  await expect(detail).toContainText('Capacidad: 0,75 L');
  await expect(detail).toContainText('Banda: BG-000123');
});
