import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { accessToken, chooseOption, signIn, toast } from '../support/app.ts';
import { alteredCopy, validatePdf } from '../support/verification.ts';

/**
 * Orders journeys (spec 001 §2.4, §4.5, §8.4; spec 002 §7 "Public verification"): a dispatch
 * guide without amounts is typed on the new order page for Demo Comercial, saved ('Nro Orden/Guia: …'),
 * its signed PDF opens from the list, anyone verifies it on /certificar/{id}/orden (an altered copy
 * fails), and it is annulled ('Orden N°: …'; Anular then hidden); the list sorts on the server by a
 * clicked header. A delivery order with amounts sent
 * through the API is invoiced from its row ('Facturar'): the new invoice opens prefilled and the stored
 * invoice shows on the order's row.
 */

const COMPANY = 'Demo Comercial, C.A.';
const RIF = 'J-123456789';

test('a dispatch guide without amounts: create, see its PDF, verify it publicly, annul it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const nro = `GD-${String(Date.now()).slice(-7)}`;
  let orderId = '';
  let pdf = Buffer.alloc(0);

  await test.step('log in; the menu leads to the orders list', async () => {
    await signIn(page);
    await page.goto('/facturacion/OrdenesGuias');
    // The screen's code loads on first visit (slow on a loaded machine).
    await expect(page.getByRole('heading', { name: 'Órdenes de Entrega y Guías de Despacho' })).toBeVisible({
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Nueva Orden/Guía' }).click();
    await expect(page).toHaveURL(/\/facturacion\/OrdenesGuias\/CrearOrdenesGuias$/);
  });

  await test.step('type the guide: company, kind, number, client, a product, shipping data', async () => {
    const main = page.getByRole('main');
    const save = page.getByRole('button', { name: 'Guardar Orden/Guia' });
    await expect(save).toBeDisabled();
    await chooseOption(page, main, 'Razón Social', COMPANY);
    await chooseOption(page, main, 'Tipo', 'Guía de Despacho');
    await main.getByRole('textbox', { name: 'Nro. Orden/Guía' }).fill(nro);
    await page.getByTestId('client-picker-input').fill('12345678');
    await page.getByRole('option', { name: 'V-12345678 / Pedro Pérez' }).click();
    await expect(save).toBeDisabled();
    await page.getByRole('button', { name: 'Agregar producto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Producto' });
    await dialog.getByTestId('product-picker-input').fill('P-001');
    await page.getByRole('option', { name: /^P-001 - / }).click();
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await expect(dialog).toBeHidden();
    await expect(save).toBeEnabled();
    // The required shipping fields say so next to the field.
    await save.click();
    await expect(main.getByText('Requerido')).toHaveCount(2);
    await main.getByRole('textbox', { name: 'Motivo' }).fill('Traslado entre almacenes');
    await main.getByRole('textbox', { name: 'Observaciones' }).fill('Frágil');
    await main.getByRole('textbox', { name: 'Dirección Entrega' }).fill('Galpón 3, La Yaguara, Caracas');
    await save.click();
    await expect(
      toast(
        page,
        new RegExp(`^Nro Orden/Guia: ${nro}, nro control: \\d{2}-\\d{8}, Orden/Guia registrada con exito$`),
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/facturacion\/OrdenesGuias$/);
  });

  const row = page.getByRole('row').filter({ hasText: nro });
  await test.step('its PDF opens from the list: the signed bytes the server keeps', async () => {
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nro);
    await expect(row).toContainText('Guía de Despacho');
    await expect(row).toContainText('Sin montos');
    await expect(row).toContainText('Activa');
    const answer = await page.request.get('/v2/ordenes/queryordenes', {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
      params: { nroOrden: nro },
    });
    orderId = (await answer.json()).results[0].id;
    await row.getByRole('button', { name: 'PDF' }).click();
    const dialog = page.getByRole('dialog', { name: `Orden/Guía N° ${nro}` });
    await expect(dialog.getByTestId('document-pdf')).toHaveAttribute('src', /^blob:/, { timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Descargar PDF' }).click(),
    ]);
    pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  await test.step('anyone verifies it on /certificar/{id}/orden; an altered copy fails', async () => {
    const context = await browser.newContext();
    try {
      const visitor = await context.newPage();
      await visitor.goto(`/certificar/${orderId}/orden`);
      const data = visitor.getByRole('region', { name: 'Datos del Documento' });
      await expect(data).toContainText(RIF);
      await expect(data).toContainText(nro);
      await expect(data).toContainText('V-12345678');
      await validatePdf(visitor, `Orden_${nro}.pdf`, pdf);
      await expect(visitor.getByTestId('result-ok')).toContainText('Documento verificado');
      await visitor.getByRole('button', { name: 'Validar otro documento' }).click();
      await validatePdf(visitor, 'alterado.pdf', alteredCopy(pdf));
      await expect(visitor.getByTestId('result-warning')).toContainText('Documento no verificado');
    } finally {
      await context.close();
    }
  });

  await test.step('annul it: the §8.4 message, Anulada, and Anular is no longer offered', async () => {
    await row.getByRole('button', { name: 'Anular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anular Orden/Guía' });
    await expect(dialog).toContainText(nro);
    // A reason is asked for, and kept: without one the button stays off.
    await expect(dialog.getByRole('button', { name: 'Anular' })).toBeDisabled();
    await dialog
      .getByRole('textbox', { name: 'Motivo de la anulación' })
      .fill('Despacho cancelado por el cliente');
    await dialog.getByRole('button', { name: 'Anular' }).click();
    await expect(toast(page, `Orden N°: ${nro} - Orden/Guia anulada con exito`)).toBeVisible();
    await expect(row).toContainText('Anulada');
    await expect(row.getByRole('button', { name: 'Anular' })).toHaveCount(0);
  });

  await test.step("sortable headers: the order is the server's (sort and order in the query)", async () => {
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('GD-');
    const header = page.getByRole('button', { name: 'Nro. Orden/Guía' });
    const ascending = page.waitForRequest((r) => /queryordenes.*sort=nroOrden&order=asc/.test(r.url()));
    await header.click();
    await ascending;
    const descending = page.waitForRequest((r) => /queryordenes.*sort=nroOrden&order=desc/.test(r.url()));
    await header.click();
    await descending;
    // The newest guide's number (a timestamp) comes first going down.
    await expect(page.getByRole('row').nth(1)).toContainText(nro);
  });
});

test('invoice a delivery order: Facturar opens the invoice prefilled; the order shows its invoice', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const nro = `OE-${String(Date.now()).slice(-7)}`;
  const nroFactura = String(Date.now()).slice(-8);
  await signIn(page);
  const answer = await page.request.post('/v2/ordenes/masivaordenes', {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    data: [
      {
        rif: RIF,
        nroOrden: nro,
        modeloOrden: 'ORDENENTREGA',
        IncluirMontos: true,
        subTotal: '200.00',
        importeTotal: '232.00',
        facturaDivisa: 'VEF',
        motivo: 'Venta',
        cliente: {
          tipoDocumento: 'V',
          numeroDocumento: '12345678',
          identificacion: 'Pedro Pérez',
          direccionEntrega: 'Caracas',
        },
        lstDetallesFacturaGeneral: [
          {
            codigoProducto: 'P-001',
            descripcion: 'Resma de papel',
            unidadMedida: 'UNIDAD',
            cantidad: 2,
            precio: 100,
            alicuotaGravamen: 16,
          },
        ],
      },
    ],
  });
  expect((await answer.json()).resultado.totalOrdenesNew).toBe(1);

  await page.goto('/facturacion/OrdenesGuias');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(nro);
  const row = page.getByRole('row').filter({ hasText: nro });
  await expect(row).toContainText('232,00');
  await row.getByRole('button', { name: /Más acciones/ }).click();
  await page.getByRole('menuitem', { name: 'Facturar' }).click();
  await expect(page).toHaveURL(/\/facturacion\/generales\/facturaGeneral\?orden=/);
  await expect(page.getByTestId('client-card')).toContainText('Pedro Pérez');
  await expect(page.getByTestId('total-importeTotal')).toContainText('232,00');
  await page.getByRole('radio', { name: 'INTERNA' }).check();
  await page.getByRole('textbox', { name: 'Nro. Factura' }).fill(nroFactura);
  // Paid in cash, in full: the invoice can be generated.
  const invoice = page.waitForResponse((r) => r.url().includes('/masivafacturacion'));
  await page.getByRole('button', { name: 'Agregar pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Agregar Pago' });
  await chooseOption(page, payment, 'Medio de pago', 'Efectivo');
  await payment.getByRole('button', { name: 'Agregar' }).click();
  await expect(payment).toBeHidden();
  await page.getByRole('button', { name: 'GENERAR factura' }).click();
  expect((await (await invoice).json()).totalFacturasNew).toBe(1);

  await page.goto('/facturacion/OrdenesGuias');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(nro);
  await expect(row).toContainText(nroFactura);
  await row.getByRole('button', { name: /Más acciones/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Facturar' })).toBeDisabled();
});
