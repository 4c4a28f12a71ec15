import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { accessToken, signIn } from '../support/app.ts';
import { createCompany } from '../support/companies.ts';
import { invoice } from '../support/invoices.ts';

/**
 * The invoice desk's journeys not covered by ux-desk and ux-resend-mail, at
 * 1366×768 and 390×844 with the browser in Caracas (UTC-4) and in Madrid (UTC+1). The four projects share
 * one server: every record carries the run and the project's name.
 */

const runOf = (info: TestInfo) =>
  `${Date.now().toString(36)}${info.project.name.replace(/\W/g, '').slice(2, 4)}${info.project.name.slice(-3)}`;
/** Nine digits unique to this run and project (a company's RIF number). */
const rifNumber = (info: TestInfo, base: number) =>
  String(
    base + ((Date.now() + info.project.name.length * 7919 + info.project.name.charCodeAt(9)) % 9_999_999),
  );

async function headersOf(page: Page) {
  return { Authorization: `Bearer ${await accessToken(page)}` };
}

/** The list's search, and the row (a card on a phone) of `text`. */
async function findRow(page: Page, text: string, also?: string) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
  const row = page
    .getByRole('row')
    .filter({ hasText: text })
    .filter({ hasText: also ?? text });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  return row;
}

test('a new company from scratch, through the checklist, to its first invoice 00-00000001', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const run = runOf(info);
  const numero = rifNumber(info, 310_000_000);
  const nombre = `Primer Día ${run}, C.A.`;
  await signIn(page);
  const headers = await headersOf(page);
  const id = await createCompany(page, headers, {
    numero,
    nombre,
    correo: `primer.${run}@example.com`,
    contribuyenteEspecial: false,
  });

  const card = page.locator(`[data-testid="checklist-company"][data-company="${nombre}"]`);
  await test.step('Home lists the new company with nothing done', async () => {
    await page.goto('/home');
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('0/7');
    await expect(card.locator('[data-step="FACTURA"]')).toHaveAttribute('data-done', 'false');
  });

  await test.step("the checklist's invoice step leads to the lots; a first lot ticks it", async () => {
    await expect(card.locator('[data-step="FACTURA"]').getByRole('link', { name: 'Abrir' })).toBeVisible();
    // The lot's wire arithmetic (spec): Desde 0 issues 00-00000001 first.
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
    await expect(card.locator('[data-step="FACTURA"]')).toHaveAttribute('data-done', 'true', {
      timeout: 30_000,
    });
    await expect(card).toContainText('1/7');
  });

  const nro = `PD${run}`.slice(0, 18).toUpperCase();
  await test.step('its first invoice takes control number 00-00000001', async () => {
    const answer = await page.request.post('/v2/facturas/masivafacturacion', {
      headers,
      data: [invoice(`J-${numero}`, nro)],
    });
    const body = await answer.json();
    expect(answer.status(), JSON.stringify(body)).toBe(200);
    expect(body.totalFacturasNew, JSON.stringify(body.DetalleErrorFacturas)).toBe(1);
    await page.goto('/facturacion/generales');
    const row = await findRow(page, nro);
    await expect(row).toContainText('00-00000001');
    await expect(row).toContainText(nombre);
  });
});

test('a USD order is shown and totalled in USD', async ({ page }, info) => {
  test.setTimeout(180_000);
  const nro = `OU-${runOf(info)}`.slice(0, 20).toUpperCase();
  await signIn(page);
  const answer = await page.request.post('/v2/ordenes/masivaordenes', {
    headers: await headersOf(page),
    data: [
      {
        rif: 'J-123456789',
        nroOrden: nro,
        modeloOrden: 'ORDENENTREGA',
        IncluirMontos: true,
        subTotal: '80.50',
        importeTotal: '93.38',
        facturaDivisa: 'USD',
        motivo: 'Venta en divisas',
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
            cantidad: 1,
            precio: 80.5,
            alicuotaGravamen: 16,
          },
        ],
      },
    ],
  });
  const body = await answer.json();
  expect(body.resultado?.totalOrdenesNew, JSON.stringify(body)).toBe(1);

  await test.step('the list shows 93,38 USD, never Bs.', async () => {
    await page.goto('/facturacion/OrdenesGuias');
    const row = await findRow(page, nro);
    await expect(row).toContainText('93,38 USD');
    await expect(row).not.toContainText('Bs.');
  });

  await test.step("the orders report totals it in USD, apart from the bolívares' total", async () => {
    await page.goto('/reportes/ReporteOrdenes');
    await page.getByRole('combobox', { name: 'Razón Social' }).click();
    await page.getByRole('option', { name: /Demo Comercial/ }).click();
    // A range around any day the journeys run on: the order is dated today.
    await page.getByRole('textbox', { name: 'Desde' }).fill('01/01/2026');
    await page.getByRole('textbox', { name: 'Hasta' }).fill('31/12/2030');
    await page.getByRole('button', { name: 'Generar Reporte' }).click();
    const total = page.getByTestId('report-total');
    await expect(total).toContainText(/[\d.]+,\d{2} USD/, { timeout: 60_000 });
    // One amount per currency: the USD one is not added to the bolívares.
    for (const amount of (await total.innerText()).split(':').slice(1).join(':').split(' · '))
      expect(amount.trim()).toMatch(/^[\d.]+,\d{2} (USD|Bs\.|EUR)$/);
  });
});

test("dates stay right in the browser's zone: a withholding's period and a typed 25/11", async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const run = runOf(info);
  const numero = rifNumber(info, 320_000_000);
  await signIn(page);
  const headers = await headersOf(page);
  let nroComprobante = '';

  await test.step('an IVA voucher of period 16/11/2026–30/11/2026 for a document of 25/11/2026', async () => {
    const companyId = await createCompany(page, headers, {
      numero,
      nombre: `Agente Fechas ${run}, C.A.`,
      correo: `fechas.${run}@example.com`,
      contribuyenteEspecial: true,
    });
    const lot = await page.request.post('/v2/mantenimiento/control/AddControlRetencion', {
      headers,
      data: {
        id_localidad: companyId,
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
    const numbers = await page.request.post('/v2/retenciones/AddNroRetenciones', {
      headers,
      data: { id_localidad: companyId, serie: '00', nroDesde: 0, cantidad: 100, asignaNro: true },
    });
    expect(numbers.status(), await numbers.text()).toBe(200);
    const answer = await page.request.post('/v2/retenciones/createRetencionIvaMasiva', {
      headers,
      data: [
        {
          rif: `J-${numero}`,
          periodoFiscalDel: '2026-11-16',
          periodoFiscalAl: '2026-11-30',
          rifProveedor: `J-${numero.slice(1)}7`,
          identificacion: `Proveedor Fechas ${run}`,
          direccion: 'Caracas',
          correo: 'proveedor@example.com',
          modeloRetencion: 'IVA',
          tipoDocumento: '05',
          tasaRetencion: '75',
          lstRetenciones: [
            {
              tipoTransaccion: '01-REG',
              fechaDocumento: '2026-11-25',
              nroDocumento: `D${run.slice(-6)}`,
              nroControlDocumento: '00-00000555',
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
    nroComprobante = body.DetalleretencionesProcesadas[0].nroComprobante;
  });

  await test.step('the list shows the period as sent, not a day early', async () => {
    await page.goto('/retenciones/iva-islr');
    // Every new company's vouchers start at the same number: its supplier tells this one apart.
    const row = await findRow(page, nroComprobante, `Proveedor Fechas ${run}`);
    await expect(row).toContainText('16/11/2026 - 30/11/2026');
  });

  await test.step('a date typed as 25/11/2026 stays 25/11/2026 and is sent as 2026-11-25', async () => {
    await page.goto('/reportes/ReporteOrdenes');
    await page.getByRole('combobox', { name: 'Razón Social' }).click();
    await page.getByRole('option', { name: /Demo Comercial/ }).click();
    const from = page.getByRole('textbox', { name: 'Desde' });
    await from.fill('25/11/2026');
    await page.getByRole('textbox', { name: 'Hasta' }).fill('25/11/2026');
    await page.getByRole('textbox', { name: 'Hasta' }).blur();
    await expect(from).toHaveValue('25/11/2026');
    const sent = page.waitForRequest((r) => r.url().includes('getlibroOrdenes'));
    await page.getByRole('button', { name: 'Generar Reporte' }).click();
    const url = new URL((await sent).url());
    expect(url.searchParams.get('fechaInicio')).toBe('2026-11-25');
    expect(url.searchParams.get('fechaFin')).toBe('2026-11-25');
  });
});
