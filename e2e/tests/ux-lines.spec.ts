import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { accessToken, chooseOption, signIn } from '../support/app.ts';
import { addProduct } from '../support/desk.ts';
import { invoice } from '../support/invoices.ts';

/**
 * The lines tables of the issuing forms (invoice desk, order/guide, note) and the detail of orders and
 * withholding vouchers, at 1366×768 and 390×844, in Caracas and in Madrid.
 * At 1366 px every column of a lines table fits its card (no horizontal scroll); on a phone each line is
 * a card and no button leaves its card. An order's and a voucher's 'Consultar' shows their data and the
 * activity timeline that an invoice's detail has.
 */

const COMPANY = 'Demo Comercial, C.A. (J-123456789)';
const RIF = 'J-123456789';
const phone = (info: TestInfo) => info.project.name.includes('phone');
/** Unique to this run and project: the four projects share one server. */
const runId = (info: TestInfo) =>
  `${Date.now().toString(36)}${info.project.name.includes('phone') ? 'P' : 'L'}${info.project.name.endsWith('caracas') ? 'C' : 'M'}`.toUpperCase();

/**
 * What sticks out of the page's lines tables: at 1366 px a table wider than its card (scrollWidth against
 * clientWidth, as the lists' check in ux-desk.spec.ts); on a phone a table not shown as cards, a button
 * past its line's card, or anything past a section card or the page.
 */
async function linesOverflow(page: Page, cards: boolean): Promise<string[]> {
  return page.evaluate((asCards) => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) found.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const table of document.querySelectorAll('main .MuiCard-root table')) {
      const name = table.getAttribute('aria-label');
      const scroller = (table.closest('.MuiTableContainer-root') ?? table.parentElement) as HTMLElement;
      if (scroller.scrollWidth > scroller.clientWidth + 1)
        found.push(`${name}: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
      if (!asCards) continue;
      if (table.getAttribute('data-layout') !== 'cards') found.push(`${name}: not shown as cards`);
      for (const card of table.querySelectorAll('tbody > tr')) {
        const box = card.getBoundingClientRect();
        for (const button of card.querySelectorAll('button, input')) {
          const b = button.getBoundingClientRect();
          if (b.width > 0 && (b.left < box.left - 1 || b.right > box.right + 1))
            found.push(
              `${name}: '${button.getAttribute('aria-label') ?? button.textContent}' leaves its card`,
            );
        }
      }
    }
    for (const section of document.querySelectorAll('main .MuiCard-root')) {
      const box = section.getBoundingClientRect();
      for (const button of section.querySelectorAll('button')) {
        const b = button.getBoundingClientRect();
        if (b.width > 0 && b.right > box.right + 1) found.push(`'${button.textContent}' leaves its section`);
      }
    }
    return found;
  }, cards);
}

async function expectFits(page: Page, info: TestInfo, shot: string) {
  await expect.poll(() => linesOverflow(page, phone(info))).toEqual([]);
  // Kept in the test's output folder: a reviewer's note describes each changed screen from them.
  const path = info.outputPath(`${shot}.png`);
  await page.getByRole('main').screenshot({ path });
  await info.attach(shot, { path, contentType: 'image/png' });
}

test('the invoice desk: every column of its lines fits 1366 px; a phone shows each line as a card', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await signIn(page);
  await page.goto('/facturacion/generales/facturaGeneral');
  await expect(page.getByRole('heading', { name: 'Factura General', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await chooseOption(page, page.getByRole('main'), 'Razón Social', COMPANY);
  // Three lines, one with a large quantity and a percentage off: seven-figure amounts.
  await addProduct(page, 'P-001');
  await addProduct(page, 'P-002', { cantidad: '150', percent: '12.5' });
  await addProduct(page, 'P-003', { cantidad: '24' });
  const lines = page.getByRole('table', { name: 'Detalle de Productos' });
  await expect(lines.getByRole('row').filter({ hasText: 'P-003' })).toBeVisible();
  await expect(lines).toContainText('12,50 %');
  await expectFits(page, info, 'invoice-desk');
  // The draft is thrown away: later journeys start from an empty desk.
  await page.getByRole('button', { name: 'Limpiar' }).click();
});

test('the order/guide form with amounts: its lines fit 1366 px and are cards on a phone', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await signIn(page);
  await page.goto('/facturacion/OrdenesGuias/CrearOrdenesGuias');
  await expect(page.getByRole('heading', { name: 'Nueva Orden/Guía' })).toBeVisible({ timeout: 30_000 });
  await chooseOption(page, page.getByRole('main'), 'Razón Social', 'Demo Comercial, C.A.');
  await page.getByRole('main').getByLabel('Incluir montos').check();
  await addProduct(page, 'P-001', { cantidad: '1200' });
  await addProduct(page, 'P-002', { cantidad: '35' });
  await expect(page.getByRole('table', { name: 'Detalle de productos' })).toContainText('P-002');
  await expectFits(page, info, 'order-form');
});

test("the note form: an invoice's lines with the quantity to return fit 1366 px and are cards on a phone", async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await signIn(page);
  const nro = `LN${runId(info)}`.slice(0, 18);
  const answer = await page.request.post('/v2/facturas/masivafacturacion', {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    data: [invoice(RIF, nro)],
  });
  const body = await answer.json();
  expect(body.totalFacturasNew, JSON.stringify(body)).toBe(1);
  // A note is made on a numbered invoice: its control number comes with the background PDF job.
  await page.goto('/facturacion/generales');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(nro);
  await expect(page.getByRole('row').filter({ hasText: nro })).toContainText(/\d{2}-\d{8}/, {
    timeout: 60_000,
  });
  await page.goto(`/facturacion/generales/notas/nota?factura=${body.DetalleFacturaProcesadas[0][0].id}`);
  await expect(page.getByTestId('note-invoice')).toContainText(nro, { timeout: 30_000 });
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Tipo de Nota' }).click();
  await page.getByRole('option', { name: 'Crédito' }).click();
  await main.getByRole('textbox', { name: /^Cantidad a devolver de / }).fill('1');
  await expect(page.getByTestId('total-note-importeTotal')).toHaveText('116,00 Bs.');
  await expectFits(page, info, 'note-form');
});

test("an order's and a voucher's detail show their data and activity timeline", async ({ page }, info) => {
  test.setTimeout(300_000);
  await signIn(page);
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const run = runId(info);

  await test.step('an order sent through the API: Consultar shows its lines, totals and activity', async () => {
    const nro = `OD-${run}`.slice(0, 20);
    const answer = await page.request.post('/v2/ordenes/masivaordenes', {
      headers,
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
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await row.getByRole('button', { name: 'Consultar' }).click();
    const dialog = page.getByRole('dialog', { name: `Orden/Guía N° ${nro}` });
    await expect(dialog.getByRole('table', { name: 'Detalle de productos' })).toContainText('Resma de papel');
    await expect(dialog).toContainText('232,00 Bs.');
    const activity = dialog.getByTestId('document-activity');
    await expect(activity).toContainText('Actividad del documento');
    await expect(activity).toContainText('Creado por admin@sigece.local desde la API de integración');
    await dialog.screenshot({ path: info.outputPath('order-detail.png') });
    await info.attach('order-detail', {
      path: info.outputPath('order-detail.png'),
      contentType: 'image/png',
    });
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('an IVA voucher sent through the API: Consultar shows its document and activity', async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(new Date());
    const supplier = `Proveedor Detalle ${run}`;
    const answer = await page.request.post('/v2/retenciones/createRetencionIvaMasiva', {
      headers,
      data: [
        {
          rif: RIF,
          periodoFiscalDel: `${day.slice(0, 7)}-01`,
          periodoFiscalAl: day,
          rifProveedor: 'J-309876543',
          identificacion: supplier,
          direccion: 'Caracas',
          correo: 'proveedor@example.com',
          modeloRetencion: 'IVA',
          tipoDocumento: '05',
          tasaRetencion: '75',
          lstRetenciones: [
            {
              tipoTransaccion: '01-REG',
              fechaDocumento: day,
              nroDocumento: `D${run.slice(-7)}`,
              nroControlDocumento: '00-00000777',
              montoTotalDocumento: '1160.00',
              baseImponible: '1000.00',
              Alicuota: '16',
              impuestoCausado: '160.00',
              impuestoRetenido: '120.00',
            },
          ],
        },
      ],
    });
    const body = await answer.json();
    expect(body.code, JSON.stringify(body)).toBe(200);
    const nroComprobante = body.DetalleretencionesProcesadas[0].nroComprobante as string;
    await page.goto('/retenciones/iva-islr');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(supplier);
    const row = page.getByRole('row').filter({ hasText: supplier });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await row.getByRole('button', { name: 'Consultar' }).click();
    const dialog = page.getByRole('dialog', { name: `Comprobante de Retención N° ${nroComprobante}` });
    await expect(dialog.getByRole('table', { name: 'Documentos Retenidos' })).toContainText('00-00000777');
    await expect(dialog).toContainText('120,00');
    const activity = dialog.getByTestId('document-activity');
    await expect(activity).toContainText('Creado por admin@sigece.local desde la API de integración');
    await dialog.screenshot({ path: info.outputPath('voucher-detail.png') });
    await info.attach('voucher-detail', {
      path: info.outputPath('voucher-detail.png'),
      contentType: 'image/png',
    });
  });
});
