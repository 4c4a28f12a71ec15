import { expect, type Locator, type Page, test } from '@playwright/test';
import { lotControlRange } from '@sigece/fiscal';
import { accessToken, openMenu, signIn, toast } from '../support/app.ts';
import { createCompany } from '../support/companies.ts';
import { invoice } from '../support/invoices.ts';

const COLUMNS = ['Status', 'Asignadas', 'Actual', 'Desde', 'Hasta', 'Disp.', 'Serie'] as const;
type Column = (typeof COLUMNS)[number];

/** The cells of the first lot row of a control-number table, by column header. */
async function firstLot(table: Locator): Promise<Record<Column, string>> {
  const cells = table.getByRole('row').nth(1).getByRole('cell');
  const texts = await cells.allInnerTexts();
  return Object.fromEntries(COLUMNS.map((c, i) => [c, texts[i].trim()])) as Record<Column, string>;
}

/** Opens the company's detail from the Razón Social list (searching its name). */
async function openDetail(page: Page, name: string) {
  await page.goto('/mantenimiento/Localidad');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name.replace(/[.,]/g, '.')) });
  await expect(page.getByText('1–1 de 1', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Consultar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Consultar Razón Social' });
  await expect(dialog.getByText(name, { exact: true }).first()).toBeVisible();
  return dialog;
}

/**
 * Control numbers (issue "Control numbers"; spec 000 §2, §4, §7, §9): a global lot assigned in the
 * screen, its Asignadas / Actual / Disp. moving as invoices are issued; an individual lot split to a
 * branch in the branch screen, the branch's numbers shown and the company's Disp. reduced; a branch of
 * a company with a Global lot cannot get one.
 */
test('global and individual control lots, and the numbers they hand out', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const nombre = `Numeración E2E ${run}, C.A.`;
  const numero = String(200_000_000 + (Date.now() % 99_999_999)).slice(0, 9);
  const rif = `J-${numero}`;

  await signIn(page);
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };

  await test.step('a fresh company, created through the API', async () => {
    await createCompany(page, headers, {
      numero,
      nombre,
      correo: `numeracion.${run}@example.com`,
      contribuyenteEspecial: false,
    });
  });

  await test.step('assign it a Global invoice lot in the screen', async () => {
    await openMenu(page, 'Mantenimiento', 'Razón Social');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nombre);
    await expect(page.getByText('1–1 de 1', { exact: true })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(nombre.replace(/[.,]/g, '.')) });
    await row.getByRole('button', { name: 'Agregar Nro. de Control' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Nro. de Control' });
    await expect(dialog.getByRole('combobox', { name: 'Documento' })).toHaveText('Facturas');
    await expect(dialog.getByRole('button', { name: 'Global' })).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Es requerido', { exact: true }).first()).toBeVisible();

    // A company's first lot starts at 1; the number typed is the first one issued.
    await expect(dialog.getByRole('textbox', { name: 'Nro. de control inicial' })).toHaveValue('1');
    await dialog.getByRole('textbox', { name: 'Nro. de control inicial' }).fill('1001');
    await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('500');
    // The first and last numbers the lot will issue: computed and disabled (the wire still sends
    // Desde = initial 1000, Hasta = initial + quantity 1500).
    await expect(dialog.getByRole('textbox', { name: 'Desde' })).toHaveValue('00-00001001');
    await expect(dialog.getByRole('textbox', { name: 'Desde' })).toBeDisabled();
    await expect(
      dialog.getByText('El primer número que se emitirá será 00-00001001 y el último 00-00001500'),
    ).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Hasta' })).toHaveValue('00-00001500');
    await expect(dialog.getByRole('textbox', { name: 'Hasta' })).toBeDisabled();
    // The toggle carries the quantity over to the Individual field and back.
    await dialog.getByRole('button', { name: 'Individual' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Cantidad a repartir entre sucursales' })).toHaveValue(
      '500',
    );
    await dialog.getByRole('button', { name: 'Global' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Cantidad' })).toHaveValue('500');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Control De factura registrada')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the detail shows the lot: ACTIVO, Asignadas 500, Actual 1000, Disp. 500', async () => {
    const dialog = await openDetail(page, nombre);
    const invoices = dialog.getByRole('table', { name: 'Facturas y notas' });
    expect(await firstLot(invoices)).toEqual({
      Status: 'ACTIVO\nGlobal',
      Asignadas: '500',
      Actual: '1000',
      // The first and last control numbers the lot hands out, as the PDF foot prints them.
      Desde: '00-00001001',
      Hasta: '00-00001500',
      'Disp.': '500',
      Serie: '00',
    });
    await expect(
      dialog.getByText('NO tiene Nro. De control Asignado para Factura', { exact: true }),
    ).toHaveCount(0);
    await expect(
      dialog.getByText('NO tiene Nro. De control Asignado para Ordenes/Guias', { exact: true }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  await test.step('two invoices issued through the integration API take numbers 1001 and 1002', async () => {
    const answer = await page.request.post('/v2/facturas/masivafacturacion', {
      headers,
      data: [invoice(rif, `E2E-${run}-1`), invoice(rif, `E2E-${run}-2`)],
    });
    const body = await answer.json();
    expect(answer.status(), JSON.stringify(body)).toBe(200);
    expect(body.totalFacturasNew, JSON.stringify(body.DetalleErrorFacturas)).toBe(2);
    const controls = body.DetalleFacturaProcesadas.flat().map((d: { NroControl: string }) => d.NroControl);
    expect(controls.sort()).toEqual(['00-00001001', '00-00001002']);
  });

  await test.step('the detail again: Actual 1002, Disp. 498', async () => {
    const dialog = await openDetail(page, nombre);
    const lot = await firstLot(dialog.getByRole('table', { name: 'Facturas y notas' }));
    expect(lot.Actual).toBe('1002');
    expect(lot['Disp.']).toBe('498');
    expect(lot.Asignadas).toBe('500');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  let freeBefore = 0;
  await test.step('Servicios Ejemplo has an Individual lot: its Disp. is the quota left to split', async () => {
    const dialog = await openDetail(page, 'Servicios Ejemplo, S.A.');
    const lot = await firstLot(dialog.getByRole('table', { name: 'Facturas y notas' }));
    expect(lot.Status).toBe('ACTIVO\nIndividual');
    freeBefore = Number(lot['Disp.']);
    expect(freeBefore).toBeGreaterThan(300);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  const branchRow = page.getByRole('row', { name: /Servicios Ejemplo, S\.A\..*002 - Sucursal Norte/ });
  await test.step('the branch screen: split 300 numbers to Sucursal Norte', async () => {
    await openMenu(page, 'Mantenimiento', 'Sucursales');
    await expect(page.getByRole('heading', { name: 'Sucursales' })).toBeVisible();
    for (const header of ['Razón Social', 'Sucursal', 'Dirección fiscal', 'Estatus']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    // The list loads after its 2-second delay.
    await expect(page.getByText(/^1–\d+ de \d+$/)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Sucursal Norte');
    await expect(branchRow).toBeVisible();
    await expect(branchRow).toContainText('Servicios Ejemplo, S.A.');
    await branchRow.getByRole('button', { name: 'Agregar Control a Sucursal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Control a Sucursal' });
    await expect(dialog.locator('[data-label="Tipo"]')).toHaveText('Individual');
    await expect(dialog.locator('[data-label="Disponible para repartir"]')).toHaveText(String(freeBefore));
    await expect(dialog.getByRole('textbox', { name: 'Serie' })).toHaveValue('00');
    const desde = Number(await dialog.getByRole('textbox', { name: 'Desde' }).inputValue());

    await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('0');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('debe ser mayor a 0', { exact: true })).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('300');
    await expect(dialog.getByRole('textbox', { name: 'Hasta' })).toHaveValue(String(desde + 300));
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Control de  Sucursal registrada con exito')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The branch's numbers: the new lot is listed in its consultation.
    await branchRow.getByRole('button', { name: 'Consultar' }).click();
    const detail = page.getByRole('dialog', { name: 'Consultar Sucursal' });
    const lots = detail.getByRole('table', { name: 'Facturas' });
    const added = lots.getByRole('row').filter({ hasText: String(desde + 300) });
    await expect(added).toHaveCount(1);
    const texts = (await added.getByRole('cell').allInnerTexts()).map((t) => t.trim());
    const range = lotControlRange({ serie: '00', desde, hasta: desde + 300 });
    expect(texts.slice(1)).toEqual(['300', String(desde), range.desde, range.hasta, '300', '00']);
    await detail.getByRole('button', { name: 'Cerrar' }).click();
  });

  await test.step("the company's Disp. went down by 300", async () => {
    const dialog = await openDetail(page, 'Servicios Ejemplo, S.A.');
    const lot = await firstLot(dialog.getByRole('table', { name: 'Facturas y notas' }));
    expect(Number(lot['Disp.'])).toBe(freeBefore - 300);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  await test.step('a branch of a company with a Global lot cannot get one', async () => {
    await openMenu(page, 'Mantenimiento', 'Sucursales');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Sucursal Centro');
    const centro = page.getByRole('row', { name: /Demo Comercial, C\.A\..*001 - Sucursal Centro/ });
    await centro.getByRole('button', { name: 'Agregar Control a Sucursal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Control a Sucursal' });
    await expect(dialog.getByRole('alert')).toHaveText(
      'No puede asignar Numero De control a una Razón Social con Nro. de control Global',
    );
    await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: 'Cantidad' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });
});
