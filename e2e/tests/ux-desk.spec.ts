import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { accessToken, chooseOption, signIn, toast } from '../support/app.ts';
import { createCompany } from '../support/companies.ts';
import { addProduct } from '../support/desk.ts';

/**
 * The invoice desk and Home, at 1366×768 and 390×844, with the browser in
 * Caracas and in Madrid. The four projects share one server: every record carries the project's name.
 */

const COMPANY = 'Demo Comercial, C.A. (J-123456789)';
const phone = (info: TestInfo) => info.project.name.includes('phone');
/** A number unique to this run and project (Demo Comercial numbers its invoices by hand). */
const uniqueNumber = (info: TestInfo) =>
  `${String(Date.now()).slice(-6)}${info.project.name.length}${info.project.name.endsWith('caracas') ? 1 : 2}`;

/** Company, a client found by its name, the sale type already INTERNA, a product. */
async function startInvoice(page: Page) {
  await page.goto('/facturacion/generales/facturaGeneral');
  // A loaded machine may take a while to bring the screen's chunk.
  await expect(page.getByRole('heading', { name: 'Factura General', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await chooseOption(page, page.getByRole('main'), 'Razón Social', COMPANY);
  await expect(page.getByRole('radio', { name: 'INTERNA' })).toBeChecked();
  await page.getByTestId('client-picker-input').fill('pedro');
  await page.getByRole('option', { name: /^V-12345678 \/ Pedro P[eé]rez$/i }).click();
  await expect(page.getByTestId('client-card')).toContainText(/Pedro P[eé]rez/i);
  await addProduct(page, 'P-001');
}

// Written for the invoice desk (drafts, credit invoices, Home, the list layouts) but not yet green in every
// project of the matrix: in the last full run (PostgreSQL, 2026-11-25) the draft and the credit invoice
// passed at 1366×768 in Caracas and failed in Madrid, the checklist passed in both laptop projects, and the
// overflow check failed in both (the invoice list is 1217 px wide in a 1022 px table area); the phone
// projects did not finish. They stay here as fixme, to be made to pass, not deleted: the work stays open for
// exactly this.
test('a draft survives a reload', async ({ page }) => {
  await signIn(page);
  await startInvoice(page);
  await page.getByRole('textbox', { name: 'Nro. Factura' }).fill('BORRADOR1');
  // The autosave runs a moment after the last change.
  await page.waitForTimeout(600);
  await page.reload();
  await expect(toast(page, 'Se recuperó el borrador que dejó sin emitir.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('client-card')).toContainText(/Pedro P[eé]rez/i);
  await expect(page.getByRole('table', { name: 'Detalle de Productos' })).toContainText('P-001');
  await expect(page.getByRole('textbox', { name: 'Nro. Factura' })).toHaveValue('BORRADOR1');
  // 'Limpiar' throws it away for good.
  await page.getByRole('button', { name: 'Limpiar' }).click();
  await page.waitForTimeout(600);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Factura General', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('client-card')).toHaveCount(0);
});

test('a credit invoice paid later', async ({ page }, info) => {
  test.setTimeout(150_000);
  const nro = uniqueNumber(info);
  await signIn(page);

  await test.step('issue it on credit at 30 days', async () => {
    await startInvoice(page);
    await page.getByRole('textbox', { name: 'Nro. Factura' }).fill(nro);
    await page.getByLabel('CONTADO', { exact: true }).check();
    await page.getByTestId('credit-days').fill('30');
    await expect(page.getByText(/^Vence el \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await page.getByRole('button', { name: 'GENERAR factura' }).click();
    await expect(toast(page, 'Factura General registrada')).toBeVisible();
  });

  const row = () => page.getByRole('row').filter({ hasText: nro });
  await test.step('the list shows its total, its currency and the chip "A crédito"', async () => {
    await page.goto('/facturacion/generales');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nro);
    await expect(row().getByTestId('payment-chip')).toHaveText('A crédito');
    await expect(row()).toContainText('Bs.');
    await expect(row()).toContainText(/Vence \d{2}\/\d{2}\/\d{4}/);
  });

  const pay = async (amount: string | null) => {
    await row()
      .getByRole('button', { name: new RegExp(`Más acciones de la factura ${nro}`) })
      .click();
    await page.getByRole('menuitem', { name: 'Registrar pago' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Registrar pago de la factura N° ${nro}`) });
    await expect(dialog.getByTestId('collect-summary')).toBeVisible();
    const balance = (await dialog.getByTestId('collect-summary').innerText()).match(
      /Saldo pendiente\s+([\d.,]+)/,
    )![1];
    // A part first, then whatever is left.
    const value = amount ?? balance.replace(/\./g, '').replace(',', '.');
    await dialog.getByRole('textbox', { name: /^Monto/ }).fill(value);
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(dialog).toBeHidden();
  };
  await test.step('a part is paid: "Pago parcial"; the rest: "Pagada"', async () => {
    await pay('100');
    await expect(toast(page, 'Pago registrado en la Factura N°')).toBeVisible();
    await expect(row().getByTestId('payment-chip')).toHaveText('Pago parcial');
    await pay(null);
    await expect(row().getByTestId('payment-chip')).toHaveText('Pagada');
  });
});

test("the dashboard's checklist for a new company", async ({ page }, info) => {
  const run = `${Date.now().toString(36)}${info.project.name.slice(3, 8)}${info.project.name.slice(-3)}`;
  const nombre = `Arranque ${run}, C.A.`;
  const numero = String(300_000_000 + ((Date.now() + info.project.name.length * 7919) % 99_999_999)).slice(
    0,
    9,
  );
  await signIn(page);
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const id = await createCompany(page, headers, {
    numero,
    nombre,
    correo: `arranque.${run}@example.com`,
    contribuyenteEspecial: false,
  });

  await page.goto('/home');
  const card = page.locator(`[data-testid="checklist-company"][data-company="${nombre}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('0/7');
  for (const step of ['certificado', 'FACTURA', 'ORDEN', 'RETENCION', 'productos', 'usuarios', 'correo'])
    await expect(card.locator(`[data-step="${step}"]`)).toHaveAttribute('data-done', 'false');
  await expect(card.getByRole('link', { name: 'Abrir' }).first()).toBeVisible();

  // Its first invoice lot: the step is ticked and the lot shows in "Números de control disponibles".
  const lot = await page.request.post('/v2/facturas/addcontrolLoc', {
    headers,
    data: {
      id_localidad: id,
      tipo: 'Global',
      serie: '00',
      nroControl: 0,
      nroControlDesde: 0,
      nroControlHasta: 100,
      cantidadFacturas: 100,
      logEstatusRegistro: 'ACTIVO',
    },
  });
  expect(lot.status(), await lot.text()).toBe(200);
  await page.reload();
  await expect(card.locator('[data-step="FACTURA"]')).toHaveAttribute('data-done', 'true');
  await expect(card).toContainText('1/7');
  await expect(page.getByTestId('dash-lots')).toContainText(nombre);
  await expect(page.getByTestId('dash-rate')).toContainText(/\/ USD|No hay tasa del dólar/);
  await expect(page.getByTestId('dash-invoiced')).toBeVisible();
});

/** The main screens with a list (every one a DataTable: the fix is made there once). */
const LISTS = [
  '/facturacion/generales',
  '/facturacion/compras',
  '/facturacion/notas',
  '/facturacion/OrdenesGuias',
  '/retenciones/iva-islr',
  '/retenciones/recibidas',
  '/mantenimiento/Producto',
  '/mantenimiento/Localidad',
  '/mantenimiento/Sucursal',
  '/mantenimiento/TasaCambio',
  '/seguridad/usuarios',
  '/seguridad/roles',
];

/** What sticks out: at 1366 px a table wider than its area; on a phone a button past its card or the page. */
async function overflowOf(page: Page, asCards: boolean): Promise<string[]> {
  return page.evaluate((cards) => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) found.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const table of document.querySelectorAll('main table')) {
      const scroller = (table.closest('.MuiTableContainer-root') ?? table.parentElement) as HTMLElement;
      if (scroller.scrollWidth > scroller.clientWidth + 1)
        found.push(`table ${scroller.scrollWidth} > ${scroller.clientWidth}`);
      if (!cards) continue;
      if (table.getAttribute('data-layout') !== 'cards') found.push('a list is not shown as cards');
      for (const card of table.querySelectorAll('tbody > tr')) {
        const box = card.getBoundingClientRect();
        for (const button of card.querySelectorAll('button')) {
          const b = button.getBoundingClientRect();
          if (b.width === 0) continue;
          if (b.left < box.left - 1 || b.right > box.right + 1)
            found.push(`button '${button.getAttribute('aria-label') ?? button.textContent}' leaves its card`);
        }
      }
    }
    return found;
  }, asCards);
}

test('no table of the main screens overflows (1366 px: every column fits; phone: cards)', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  await signIn(page);
  const overflowing: string[] = [];
  for (const path of LISTS) {
    await page.goto(path);
    await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
    // Rows (or the empty state) are in: the widths are final.
    await expect(page.locator('main table tbody tr').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('main table tbody').first()).not.toContainText('Cargando...');
    for (const problem of await overflowOf(page, phone(info))) overflowing.push(`${path}: ${problem}`);
  }
  expect(overflowing).toEqual([]);
});
