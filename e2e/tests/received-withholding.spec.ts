import { expect, test } from '@playwright/test';
import { signIn, toast } from '../support/app.ts';
import { esCents, generateBookPdf, monthBookSoFar } from '../support/books.ts';

/**
 * Received withholding journey: Demo Comercial issues through the integration API an
 * invoice of 500,00 + 16 % (IVA 80,00) to a company buyer outside sigece; on /retenciones/recibidas the user
 * records the voucher that buyer handed over — first with more than the invoice's IVA (refused with the
 * server's message), then with 60,00 (75 % of 80,00) — and finds it in the list; the month's sales book on
 * /reportes/libroVentas then shows 'IVA retenido' grown by exactly 60,00, and the book's answer names the
 * voucher.
 */

const RIF = 'J-123456789';
const COMPANY = 'Demo Comercial, C.A.';

function invoice(nroFactura: string, buyer: string) {
  return {
    rif: RIF,
    nroFactura,
    importeTotal: '580.00',
    subTotal: '500.00',
    montoDescuento: 0,
    totalExento: 0,
    totalExonerado: 0,
    condicionPago: 'CONTADO',
    facturaDivisa: 'VEF',
    cambioDivisa: 1,
    tipoColetilla: false,
    tipoVenta: 'INTERNA',
    modeloFactura: 'GENERAL',
    cliente: {
      tipoDocumento: 'J',
      numeroDocumento: buyer,
      identificacion: 'Comprador Agente, C.A.',
      direccion: 'Valencia',
      correo: 'agente@example.com',
    },
    lstDetallesFacturaGeneral: [
      {
        codigoProducto: 'P-001',
        descripcion: 'Resma de papel',
        unidadMedida: 'UNIDAD',
        cantidad: '5',
        precio: '100',
        importe: '500',
        alicuotaGravamen: 16,
        montoGravamen: '80.00',
      },
    ],
    lstGravamenes: [{ baseImponible: '500', alicuota: '16', montoAlicuota: '80.00' }],
  };
}

test('record a withholding voucher received from a buyer and see it in the sales book', async ({ page }) => {
  test.setTimeout(300_000);
  const run = String(Date.now());
  const buyer = `3${run.slice(-8)}`;
  const voucher = `2026${run.slice(-10)}`;
  let before = 0;
  let today = '';
  let nroControl = '';

  await test.step('log in, read the book so far and issue an invoice to a company buyer', async () => {
    await signIn(page);
    const sofar = await monthBookSoFar(page, 'getLibroVentasExcel', RIF);
    before = Math.round(Number(sofar.libro.totalIvaRetenido) * 100);
    today = sofar.today;
    const answer = await page.request.post('/v2/facturas/masivafacturacion', {
      headers: sofar.headers,
      data: [invoice(`R${run.slice(-8)}`, buyer)],
    });
    const body = await answer.json();
    expect(answer.status(), JSON.stringify(body)).toBe(200);
    expect(body.totalFacturasNew, JSON.stringify(body.DetalleErrorFacturas)).toBe(1);
    nroControl = body.DetalleFacturaProcesadas[0][0].NroControl;
  });

  await test.step('record the received voucher: over the IVA refused, then 60,00 saved and listed', async () => {
    await page.goto('/retenciones/recibidas');
    await expect(page.getByRole('heading', { name: 'Retenciones de IVA Recibidas', level: 1 })).toBeVisible({
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Registrar retención recibida' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar retención de IVA recibida' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Razón Social' }).click();
    await page.getByRole('option', { name: COMPANY, exact: true }).click();
    await dialog.getByLabel('RIF del Agente de Retención').fill(`J-${buyer}`);
    await dialog.getByLabel('Nombre del Agente').fill('Comprador Agente, C.A.');
    await dialog.getByLabel('N° Comprobante').fill(voucher);
    await dialog.getByLabel('Fecha del Comprobante').fill(today);
    await dialog.getByLabel('N° Control de la Factura').fill(nroControl);
    await dialog.getByLabel('IVA Retenido (Bs.)').fill('80.01');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      toast(page, 'El monto retenido no puede superar el IVA de la factura por retener (80.00 Bs.)'),
    ).toBeVisible();
    await dialog.getByLabel('IVA Retenido (Bs.)').fill('60.00');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('searchbox').fill(voucher);
    const row = page.getByRole('row').filter({ hasText: voucher });
    await expect(row).toBeVisible();
    await expect(row).toContainText(nroControl);
    await expect(row).toContainText('60,00');
  });

  await test.step("the sales book's 'IVA retenido' grew by 60,00 and its line names the voucher", async () => {
    await generateBookPdf(page, {
      path: '/reportes/libroVentas',
      title: 'Libro de Ventas',
      company: COMPANY,
      previewTestId: 'sales-book-pdf',
    });
    await expect(page.getByTestId('total-retenido')).toHaveText(esCents(before + 6_000));
    const after = await monthBookSoFar(page, 'getLibroVentasExcel', RIF);
    expect(Math.round(Number(after.libro.totalIvaRetenido) * 100)).toBe(before + 6_000);
  });
});
