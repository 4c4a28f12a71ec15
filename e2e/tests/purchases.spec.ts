import { expect, test } from '@playwright/test';
import { accessToken, mainMenu, openMenu, signIn, toast } from '../support/app.ts';

/**
 * Purchase invoice journey (spec 001 §2.5, §5.7, §8.5): a purchase of Demo Comercial is
 * recorded from the form (the control number left blank first shows §5.7's message), the totals follow
 * the fiscal rules as lines are typed, the list shows it, and 'Retener IVA' opens the add-withholding
 * page carrying the purchase as router state `prefill` (packages/fiscal/src/withholdings/prefill.ts).
 * A voucher issued against the purchase then shows in its detail panel and is counted on its row, and
 * the list opens by a full page load as well as through the menu (it once stayed on 'Cargando...').
 */

test.setTimeout(150_000);

test('record a purchase invoice and start an IVA withholding from it', async ({ page }) => {
  const run = String(Date.now());
  const nroFactura = `C${run.slice(-7)}`;
  const supplier = run.slice(-9);
  let purchaseId = 0;

  await test.step('log in and open the new purchase form from the list', async () => {
    await signIn(page);
    const menu = mainMenu(page);
    await menu.getByRole('button', { name: 'Gestión', exact: true }).click();
    await openMenu(page, 'Facturas', 'Compras');
    await expect(page).toHaveURL(/\/facturacion\/compras$/);
    await expect(page.getByRole('heading', { name: 'Facturas de Compra' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Nueva Factura de Compra' }).click();
    await expect(page).toHaveURL(/\/facturacion\/facturaCompra$/);
    await expect(page.getByRole('heading', { name: 'Nueva Factura de Compra' })).toBeVisible();
  });

  await test.step('fill the form: the totals follow the lines; a blank control number shows §5.7', async () => {
    const main = page.getByRole('main');
    await main.getByRole('combobox', { name: 'Razón social' }).click();
    await page.getByRole('option', { name: /Demo Comercial/ }).click();
    await main.getByRole('textbox', { name: 'N° Documento' }).fill(supplier);
    await main.getByRole('textbox', { name: 'Nombre o razón social' }).fill('Distribuidora Prueba, C.A.');
    await main.getByRole('textbox', { name: 'N° Factura' }).fill(nroFactura);
    await main.getByRole('textbox', { name: 'Fecha' }).fill('2026-03-10');
    const line = page.getByTestId('purchase-line-0');
    await line.getByRole('textbox', { name: 'Concepto' }).fill('Resmas de papel');
    await line.getByRole('textbox', { name: 'Cantidad' }).fill('10');
    await line.getByRole('textbox', { name: 'Precio (base imponible)' }).fill('12.50');
    // 10 × 12.50 = 125.00; IVA 16 % = 20.00; total 145.00
    await expect(page.getByTestId('total-subTotal')).toHaveText('125,00');
    await expect(page.getByTestId('total-iva-16')).toHaveText('20,00');
    await expect(page.getByTestId('total-importeTotal')).toHaveText('145,00');
    await page.getByRole('button', { name: 'Agregar línea' }).click();
    const second = page.getByTestId('purchase-line-1');
    await second.getByRole('textbox', { name: 'Concepto' }).fill('Libros');
    await second.getByRole('textbox', { name: 'Precio (base imponible)' }).fill('300');
    await second.getByRole('checkbox', { name: 'Exento 2' }).check();
    // + 300.00 exempt: subtotal 425.00, total 445.00
    await expect(page.getByTestId('total-totalExento')).toHaveText('300,00');
    await expect(page.getByTestId('total-importeTotal')).toHaveText('445,00');

    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('El nombre debe contener al menos 2 caracteres')).toBeVisible();
    await main.getByRole('textbox', { name: 'N° Control' }).fill('00-000777');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Guardado')).toBeVisible();
    await expect(page).toHaveURL(/\/facturacion\/compras$/);
  });

  await test.step("the list shows it; 'Retener IVA' opens the add-withholding page with the prefill", async () => {
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nroFactura);
    const row = page.getByRole('row').filter({ hasText: nroFactura });
    await expect(row).toContainText('00-000777');
    await expect(row).toContainText('10/03/2026');
    await expect(row).toContainText(`J-${supplier} / Distribuidora Prueba, C.A.`);
    await expect(row).toContainText('445,00');
    await row.getByRole('button', { name: 'Retener IVA' }).click();
    await expect(page).toHaveURL(/\/retenciones\/iva-islr\/Agregar$/);
    // The withholding page reads react-router's location state (history.state.usr).
    const prefill = await page.evaluate(
      () => (window.history.state as { usr?: { prefill?: unknown } } | null)?.usr?.prefill,
    );
    expect(prefill).toMatchObject({
      modelo: 'IVA',
      proveedor: { rif: `J-${supplier}`, nombre: 'Distribuidora Prueba, C.A.' },
      documento: {
        fecha: '2026-03-10',
        nroFactura,
        nroControl: '00-000777',
        totalConIva: '445.00',
        exento: '300.00',
        bases: [{ alicuota: '16.00', base: '125.00', impuesto: '20.00' }],
      },
    });
    expect(typeof (prefill as { facturaCompraId: unknown }).facturaCompraId).toBe('number');
    purchaseId = (prefill as { facturaCompraId: number }).facturaCompraId;
  });

  await test.step('a voucher issued against it shows in its detail and is counted on its row', async () => {
    // The voucher goes through the API (the add page's own journey is withholdings.spec.ts).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(new Date());
    const answer = await page.request.post('/v2/retenciones/createRetencionIvaMasiva', {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
      data: [
        {
          rif: 'J-123456789',
          periodoFiscalDel: `${day.slice(0, 7)}-01`,
          periodoFiscalAl: day,
          rifProveedor: `J-${supplier}`,
          identificacion: 'Distribuidora Prueba, C.A.',
          direccion: 'Caracas',
          correo: 'proveedor@example.com',
          modeloRetencion: 'IVA',
          tipoDocumento: '05',
          tasaRetencion: '75',
          facturaCompraId: purchaseId,
          lstRetenciones: [
            {
              tipoTransaccion: '01-REG',
              fechaDocumento: '2026-03-10',
              nroDocumento: nroFactura,
              nroControlDocumento: '00-000777',
              montoTotalDocumento: '445.00',
              compraExento: '300.00',
              baseImponible: '125.00',
              Alicuota: '16',
              impuestoCausado: '20.00',
              impuestoRetenido: '15.00',
            },
          ],
        },
      ],
    });
    const body = await answer.json();
    expect(body.DetalleretencionesProcesadas, JSON.stringify(body)).toHaveLength(1);
    const nroComprobante = body.DetalleretencionesProcesadas[0].nroComprobante as string;

    // A full page load of the list (not through the menu) shows the rows, not 'Cargando...'.
    await page.goto('/facturacion/compras');
    await expect(page.getByRole('heading', { name: 'Facturas de Compra' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nroFactura);
    const row = page.getByRole('row').filter({ hasText: nroFactura });
    await expect(row.getByRole('cell').nth(8)).toHaveText('1');
    await row.getByRole('button', { name: 'Ver detalle' }).click();
    const vouchers = page.getByTestId(`purchase-vouchers-${purchaseId}`);
    await expect(vouchers).toContainText(nroComprobante);
    await expect(vouchers).toContainText('15,00');
    await expect(vouchers).toContainText('Activa');
  });
});

test('the new screens open by a full page load, not only through the menu', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page);
  const screens: Array<[string, string | RegExp]> = [
    ['/facturacion/compras', 'Facturas de Compra'],
    ['/facturacion/facturaCompra', 'Nueva Factura de Compra'],
    ['/facturacion/OrdenesGuias', 'Órdenes de Entrega y Guías de Despacho'],
    ['/facturacion/OrdenesGuias/CrearOrdenesGuias', 'Nueva Orden/Guía'],
    ['/reportes/ReporteOrdenes', 'Reporte de Órdenes/Guías'],
    ['/retenciones/iva-islr', /^Retenciones\(\d+\)$/],
    ['/retenciones/iva-islr/Agregar', 'Agregar Retención'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 }), path).toBeVisible({
      timeout: 30_000,
    });
    // Lists: the first page arrived (no 'Cargando...' row left).
    await expect(page.getByRole('cell', { name: 'Cargando...' }), path).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('progressbar', { name: 'Cargando...' }), path).toHaveCount(0, {
      timeout: 30_000,
    });
  }
});
