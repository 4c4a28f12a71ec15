import { expect, test } from '@playwright/test';
import { signIn } from '../support/app.ts';
import { esCents, generateBookPdf, monthBookSoFar } from '../support/books.ts';
import { mixedInvoice } from '../support/invoices.ts';

/**
 * Sales-book journey (spec 002 §2.6, §8, §9): an invoice of Demo Comercial (5 × 100,00 + 16 % and 2 ×
 * 50,00 exempt = 680,00) is issued through the integration API; the month's book generated on
 * /reportes/libroVentas shows its PDF inline and a summary whose total grew by exactly 680,00 and whose
 * exempt sales by 100,00; the extended spreadsheet is requested by e-mail and answered '¡Solicitud Recibida!'.
 */

const RIF = 'J-123456789';
const COMPANY = 'Demo Comercial, C.A.';

const invoice = (nroFactura: string) => mixedInvoice(RIF, nroFactura);

test("generate the month's sales book, see its preview and totals; request the extended one", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const run = String(Date.now());
  let before = { total: 0, exento: 0 };

  await test.step('log in, read the book so far and issue an invoice through the integration API', async () => {
    await signIn(page);
    const { headers, libro } = await monthBookSoFar(page, 'getLibroVentasExcel', RIF);
    before = {
      total: Math.round(Number(libro.totalFacturas.totalImporteTotalSinTerceros) * 100),
      exento: Math.round(Number(libro.totalFacturas.totalExentoSinTerceros) * 100),
    };
    const answer = await page.request.post('/v2/facturas/masivafacturacion', {
      headers,
      data: [invoice(run.slice(-8))],
    });
    const body = await answer.json();
    expect(answer.status(), JSON.stringify(body)).toBe(200);
    expect(body.totalFacturasNew, JSON.stringify(body.DetalleErrorFacturas)).toBe(1);
  });

  await test.step('generate the PDF: inline preview and the summary with the new invoice', async () => {
    await generateBookPdf(page, {
      path: '/reportes/libroVentas',
      title: 'Libro de Ventas',
      company: COMPANY,
      previewTestId: 'sales-book-pdf',
    });
    await expect(page.getByTestId('total-totalVentas')).toHaveText(esCents(before.total + 68_000));
    await expect(page.getByTestId('total-exento')).toHaveText(esCents(before.exento + 10_000));
  });

  await test.step("request the extended spreadsheet by e-mail: '¡Solicitud Recibida!'", async () => {
    const generator = page.getByRole('region', { name: 'Generar Libro de Ventas' });
    const extended = generator.getByRole('button', { name: 'Solicitar hoja de cálculo extendida' });
    await expect(extended).toBeDisabled();
    await generator.getByRole('textbox', { name: 'Correo para la hoja extendida' }).fill('conta@example');
    await expect(page.getByText('Ingresa un correo electronico valido')).toBeVisible();
    await generator.getByRole('textbox', { name: 'Correo para la hoja extendida' }).fill('conta@example.com');
    await extended.click();
    const dialog = page.getByRole('dialog', { name: '¡Solicitud Recibida!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('conta@example.com');
  });
});
