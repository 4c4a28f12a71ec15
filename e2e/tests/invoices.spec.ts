import { expect, type Page, test } from '@playwright/test';
import { Decimal, dec, formatAmount } from '@sigece/fiscal';
import { accessToken, chooseOption, signIn, toast } from '../support/app.ts';
import { addProduct } from '../support/desk.ts';
import { alteredCopy, validatePdf } from '../support/verification.ts';

/**
 * Invoices journey (spec 001 §2.1, §2.2, §4, §5; spec 002 §2.12): the administrator issues a general
 * invoice for Demo Comercial with a taxed product (P-001, 16 %) and an exempt one (P-004), paid in cash
 * in USD with IGTF; the list shows it until its signed PDF exists, the PDF opens in a dialog, anyone
 * verifies the exact file on the public page (and a one-byte change fails), and the invoice is annulled.
 */

const COMPANY = 'Demo Comercial, C.A. (J-123456789)';
/**
 * Demo prices in Bs. (the dollar price at the demo's USD rate, 237,7529): P-001 6,50 USD = 1.545,39 + 16 %
 * IVA (247,26); P-004 10,00 USD = 2.377,53 exempt.
 */
const SUBTOTAL = '3922.92';
const EXEMPT = '2377.53';
const IVA_16 = '247.26';
const TOTAL = '4170.18';
const bs = (amount: Decimal | string) => formatAmount(amount, { suffix: 'Bs.' });
const usd = (amount: Decimal | string) => formatAmount(amount, { suffix: 'USD' });

/** Today's USD rate in Bs. (the one the screen prices with): other journeys may have recorded rates. */
async function usdRate(page: Page): Promise<string> {
  const answer = await page.request.get('/v2/mantenimiento/divisa/tasaVigente', {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    params: { iso: 'USD' },
  });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { result: { valor: string } }).result.valor;
}

test('issue an invoice, see it generated, verify its PDF publicly and annul it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // Demo Comercial numbers its invoices by hand: a number of this run.
  const nro = String(Date.now()).slice(-8);
  let invoiceId = '';
  let pdf: Buffer = Buffer.alloc(0);
  let rate = '0';

  await test.step('log in and accept the contract', async () => {
    await signIn(page);
    rate = await usdRate(page);
  });

  await test.step('fill the new invoice: company, client, sale type, number', async () => {
    await page.goto('/facturacion/generales');
    await expect(page.getByRole('heading', { name: 'Facturas Generales' })).toBeVisible();
    await page.getByRole('button', { name: 'Nueva Factura' }).click();
    await expect(page).toHaveURL(/\/facturacion\/generales\/facturaGeneral$/);
    await expect(page.getByRole('heading', { name: 'Factura General', exact: true })).toBeVisible();

    const generate = page.getByRole('button', { name: 'GENERAR factura' });
    await expect(generate).toBeDisabled();

    // The company comes first; the client search waits for it.
    const clientSearch = page.getByTestId('client-picker-input');
    await expect(clientSearch).toBeDisabled();
    await chooseOption(page, page.getByRole('main'), 'Razón Social', COMPANY);
    await expect(clientSearch).toBeEnabled();
    await clientSearch.fill('12345678');
    await page.getByRole('option', { name: 'V-12345678 / Pedro Pérez' }).click();
    await expect(page.getByTestId('client-card')).toContainText('Pedro Pérez');
    await page.getByRole('radio', { name: 'INTERNA' }).check();
    await page.getByRole('textbox', { name: 'Nro. Factura' }).fill(nro);
    await expect(generate).toBeDisabled();
  });

  await test.step('add a taxed and an exempt product: the totals follow', async () => {
    await addProduct(page, 'P-001', { discountWaits: true });
    await addProduct(page, 'P-004', { discountWaits: true });
    const lines = page.getByRole('table', { name: 'Detalle de Productos' });
    await expect(lines.getByRole('row')).toHaveCount(3);
    await expect(page.getByTestId('total-subTotal')).toHaveText(bs(SUBTOTAL));
    await expect(page.getByTestId('total-exento')).toHaveText(bs(EXEMPT));
    await expect(page.getByTestId('total-iva-16')).toHaveText(bs(IVA_16));
    await expect(page.getByTestId('total-importeTotal')).toHaveText(bs(TOTAL));
    // 'Total $': the total over today's USD rate.
    await expect(page.getByTestId('total-totalUsd')).toHaveText(usd(dec(TOTAL).div(rate)));
    await expect(page.getByTestId('total-faltaPorPagar')).toHaveText(bs(TOTAL));
    await expect(page.getByRole('button', { name: 'GENERAR factura' })).toBeDisabled();
  });

  await test.step('pay in cash in USD with IGTF: the payment modal closes when nothing is owed', async () => {
    await page.getByRole('button', { name: 'Agregar pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Pago' });
    await expect(dialog.getByText('Seleccione un medio de pago')).toBeVisible();
    await chooseOption(page, dialog, 'Medio de pago', 'Efectivo');
    await chooseOption(page, dialog, 'Divisa', 'USD');
    // The amount suggests what is owed, in USD (rounded up to the cent).
    const amount = dec(TOTAL).div(rate).toDecimalPlaces(2, Decimal.ROUND_UP);
    await expect(dialog.getByRole('textbox', { name: 'Monto' })).toHaveValue(amount.toFixed(2));
    // A Bs. invoice: IGTF is not pre-ticked; Demo Comercial is a special taxpayer, so it applies.
    const igtf = dialog.getByRole('checkbox', { name: 'IGTF (3 %)' });
    await expect(igtf).not.toBeChecked();
    await igtf.check();
    const igtfUsd = amount.times(3).div(100).toDecimalPlaces(2);
    await expect(dialog.getByTestId('payment-igtf')).toHaveText(usd(igtfUsd));
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    // The IGTF is owed too: 3 % of what the dollars paid of the debt, so the modal stays
    // open and suggests what is left in Bs. (the total plus that IGTF less the dollars at the rate).
    const igtfAll = dec(TOTAL).times(3).div(100).toDecimalPlaces(2);
    const left = dec(TOTAL).plus(igtfAll).minus(amount.times(rate)).toDecimalPlaces(2);
    await expect(dialog.getByRole('textbox', { name: 'Monto' })).toHaveValue(left.toFixed(2));
    await chooseOption(page, dialog, 'Medio de pago', 'Efectivo');
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await expect(dialog).toBeHidden();

    const payments = page.getByRole('table', { name: 'Detalle de Pago' });
    await expect(payments).toContainText('Efectivo');
    await expect(payments).toContainText(usd(amount));
    await expect(payments).toContainText(bs(left));
    // Bolívares cancel the debt first (packages/fiscal igtfOfPayments): the dollars then pay the rest of
    // it, total − the Bs. payment, and the IGTF is 3 % of that.
    const igtfBs = dec(TOTAL).minus(left).times(3).div(100).toDecimalPlaces(2);
    await expect(page.getByTestId('total-faltaPorPagar')).toHaveText(bs('0'));
    await expect(page.getByTestId('total-igtf')).toHaveText(bs(igtfBs));
  });

  await test.step('generate: success toast, the numbers given, its PDF, and a fresh draft', async () => {
    const generate = page.getByRole('button', { name: 'GENERAR factura' });
    await expect(generate).toBeEnabled();
    await generate.click();
    await expect(toast(page, 'Factura General registrada')).toBeVisible();
    // A confirmation with the invoice and control numbers, the PDF and 'issue another'.
    const issued = page.getByRole('dialog', { name: 'Factura generada' });
    await expect(issued).toBeVisible();
    await expect(issued.locator('[data-label="Nro. Factura"]')).toHaveText(nro);
    await expect(issued.locator('[data-label="Nro. Control"]')).toHaveText(/^\d{2}-\d{8}$/);
    await issued.getByRole('button', { name: 'Ver PDF' }).click();
    const pdfDialog = page.getByRole('dialog', { name: `Factura N° ${nro}` });
    // The PDF job runs a moment after the answer: the dialog waits for it.
    await expect(pdfDialog.getByTestId('document-pdf')).toHaveAttribute('src', /^blob:/, { timeout: 60_000 });
    await pdfDialog.getByRole('button', { name: 'Cerrar' }).click();
    await issued.getByRole('button', { name: 'Emitir otra factura' }).click();
    await expect(issued).toBeHidden();
    await expect(page.getByText('No hay productos agregados')).toBeVisible();
    await expect(page.getByTestId('total-importeTotal')).toHaveText(bs('0'));
    await expect(page.getByRole('combobox', { name: 'Divisa de la factura' })).toHaveText('Bs. (VEF)');
    await expect(page.getByRole('switch', { name: 'CONTADO' })).not.toBeChecked();
    // The company stays chosen, and as it numbers by hand the last number used is shown.
    await expect(page.getByText(`Último número usado: ${nro}`)).toBeVisible();
  });

  await test.step('the same number again is flagged on the number field, not as a file upload error', async () => {
    await page.getByTestId('client-picker-input').fill('12345678');
    await page.getByRole('option', { name: 'V-12345678 / Pedro Pérez' }).click();
    await page.getByRole('radio', { name: 'INTERNA' }).check();
    const number = page.getByRole('textbox', { name: 'Nro. Factura' });
    await number.fill(nro);
    await addProduct(page, 'P-004', { discountWaits: true });
    await page.getByRole('switch', { name: 'CONTADO' }).check();
    await page.getByRole('button', { name: 'GENERAR factura' }).click();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(`La factura ${nro} ya existe`)).toBeVisible();
    await expect(page.getByText(/Error al Cargar el Archivo/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Limpiar' }).click();
  });

  const row = page.getByRole('row').filter({ hasText: nro });

  await test.step('the list shows it and refreshes until it is generated', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Facturas', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Facturas Generales' })).toBeVisible();
    await expect(row).toBeVisible();
    await expect(row).toContainText('Pedro Pérez');
    await expect(row).toContainText('Activa');
    // The background job signs the PDF a few seconds later; the list asks again by itself.
    await expect(row).toContainText(/\d{2}-\d{8}/, { timeout: 60_000 });
    await expect(row).not.toContainText('No generada');

    const token = await accessToken(page);
    const answer = await page.request.get('/v2/facturas/queryfacturacion', {
      headers: { Authorization: `Bearer ${token}` },
      params: { page: 1, limit: 10, search: nro },
    });
    expect(answer.ok()).toBeTruthy();
    const found = (await answer.json()) as { results: Array<{ id: string; nroFactura: string }> };
    invoiceId = found.results.find((r) => r.nroFactura === nro)?.id ?? '';
    expect(invoiceId).not.toBe('');
  });

  await test.step('its PDF opens in a dialog and the server gives the signed bytes', async () => {
    await row.getByRole('button', { name: 'Ver PDF' }).click();
    const dialog = page.getByRole('dialog', { name: `Factura N° ${nro}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('document-pdf')).toHaveAttribute('src', /^blob:/);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();

    const token = await accessToken(page);
    const answer = await page.request.get(`/v2/facturas/pdf/${invoiceId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.ok()).toBeTruthy();
    pdf = await answer.body();
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  await test.step('anyone verifies the file on the public page; one changed byte fails', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      const visitor = await context.newPage();
      await visitor.goto(`/certificar/${invoiceId}/fact`);
      await expect(visitor.getByRole('heading', { name: 'Verificación de Documentos' })).toBeVisible();
      await expect(visitor.getByRole('dialog', { name: 'Contrato de servicio' })).toHaveCount(0);
      const data = visitor.getByRole('region', { name: 'Datos del Documento' });
      await expect(data).toContainText('J-123456789');
      await expect(data).toContainText('Demo Comercial, C.A.');
      await expect(data).toContainText(nro);
      await expect(data).toContainText('V-12345678');
      await expect(data).toContainText('Activa');

      await visitor.getByTestId('checksum').click();
      await expect(toast(visitor, 'Checksum copiado al portapapeles')).toBeVisible();

      const validate = visitor.getByRole('button', { name: 'Validar Documento' });
      await expect(validate).toBeDisabled();
      const input = visitor.getByLabel('Documento PDF a validar');
      await input.setInputFiles({ name: `Factura_${nro}.pdf`, mimeType: 'application/pdf', buffer: pdf });
      await expect(visitor.getByTestId('selected-file')).toHaveText(`Factura_${nro}.pdf`);
      await validate.click();
      const ok = visitor.getByTestId('result-ok');
      await expect(ok).toContainText('Correcto');
      await expect(ok).toContainText('Documento verificado');
      await expect(visitor.getByTestId('drop-zone')).toHaveCount(0);

      await visitor.getByRole('button', { name: 'Validar otro documento' }).click();
      await validatePdf(visitor, 'alterado.pdf', alteredCopy(pdf));
      const warning = visitor.getByTestId('result-warning');
      await expect(warning).toContainText('Advertencia');
      await expect(warning).toContainText('Documento no verificado');
      await expect(warning).toContainText('no tiene validez legal');
      await expect(visitor.getByTestId('drop-zone')).toHaveCount(0);

      // The page speaks English too.
      await visitor.getByRole('button', { name: 'English' }).click();
      await expect(visitor.getByRole('heading', { name: 'Document Verification' })).toBeVisible();
      await expect(visitor.getByTestId('result-warning')).toContainText('Document not verified');
    } finally {
      await context.close();
    }
  });

  await test.step('annul it in the list', async () => {
    await row.getByRole('button', { name: 'Anular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anular Factura' });
    // A reason is asked for, and kept: without one the button stays off.
    await expect(dialog.getByRole('button', { name: 'Anular' })).toBeDisabled();
    await dialog
      .getByRole('textbox', { name: 'Motivo de la anulación' })
      .fill('Error en el precio del cliente');
    await dialog.getByRole('button', { name: 'Anular' }).click();
    await expect(toast(page, `Anulada Factura N°: ${nro}`)).toBeVisible();
    await expect(row).toContainText('Anulada');
    await expect(row.getByRole('button', { name: 'Anular' })).toBeDisabled();
    // No notes nor SENIAT consult on an annulled invoice; it may now be removed from the list.
    await row.getByRole('button', { name: 'Más acciones' }).click();
    await expect(page.getByRole('menuitem', { name: 'Crear Nota' })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: 'Consulta SENIAT (JSON)' })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: 'Eliminar' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  });

  await test.step('an annulled invoice can be removed from the list', async () => {
    await row.getByRole('button', { name: 'Más acciones' }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar Factura' });
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(toast(page, `Eliminada Factura N°: ${nro}`)).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
