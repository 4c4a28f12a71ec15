import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { accessToken, signIn, toast } from '../support/app.ts';
import { mixedInvoice } from '../support/invoices.ts';
import { alteredCopy, validatePdf } from '../support/verification.ts';

/**
 * Notes journey (spec 001 §2.3, §4.3, §5.5, §8.3; spec 002 §7 "Public verification"): an invoice of Demo
 * Comercial (5 × P-001 at 100,00 + 16 % and 2 × P-004 at 50,00 exempt) is issued through the
 * integration API; from its row in the invoice list 'Crear Nota' opens the new-note screen with it, two
 * of the five P-001 are returned, the note is generated and signed from the notes list, its PDF opens,
 * anyone verifies the file on the public page (an altered copy fails), and the note is annulled.
 */

const RIF = 'J-123456789';

const invoice = (nroFactura: string) => mixedInvoice(RIF, nroFactura);

async function findId(page: Page, path: string, search: string, field: string): Promise<string> {
  const answer = await page.request.get(path, {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    params: { page: 1, limit: 10, search },
  });
  expect(answer.ok()).toBeTruthy();
  const rows = ((await answer.json()) as { results: Array<Record<string, string>> }).results;
  const id = rows.find((r) => r[field] === search)?.id ?? '';
  expect(id).not.toBe('');
  return id;
}

test('credit note from the invoice list: return a line partially, generate, verify publicly, annul', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const run = String(Date.now());
  const nroFactura = run.slice(-8);
  const nroNota = run.slice(-6);
  let noteId = '';
  let pdf = Buffer.alloc(0);

  await test.step('log in and issue an invoice through the integration API', async () => {
    await signIn(page);
    const answer = await page.request.post('/v2/facturas/masivafacturacion', {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
      data: [invoice(nroFactura)],
    });
    const body = await answer.json();
    expect(answer.status(), JSON.stringify(body)).toBe(200);
    expect(body.totalFacturasNew, JSON.stringify(body.DetalleErrorFacturas)).toBe(1);
  });

  await test.step("'Crear Nota' from the invoice's row opens the new note with that invoice", async () => {
    await page.goto('/facturacion/generales');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nroFactura);
    const row = page.getByRole('row').filter({ hasText: nroFactura });
    // Its signed PDF is made by the background job a moment later; the list asks again by itself.
    await expect(row).toContainText(/\d{2}-\d{8}/, { timeout: 60_000 });
    await row.getByRole('button', { name: 'Más acciones' }).click();
    await page.getByRole('menuitem', { name: 'Crear Nota' }).click();
    await expect(page).toHaveURL(/\/facturacion\/generales\/notas\/nota\?factura=/);
    await expect(page.getByRole('heading', { name: 'Nueva Nota' })).toBeVisible();
    await expect(page.getByTestId('note-invoice')).toContainText(nroFactura);
  });

  await test.step('credit note: category → concept, two of five returned, totals by the fiscal rules', async () => {
    const main = page.getByRole('main');
    await main.getByRole('combobox', { name: 'Tipo de Nota' }).click();
    await page.getByRole('option', { name: 'Crédito' }).click();
    await main.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Reverso por devolución parcial' }).click();
    await expect(main.getByRole('textbox', { name: 'Concepto' })).toHaveValue(
      'Reverso por devolución parcial',
    );
    await main.getByRole('textbox', { name: 'Nro. Nota' }).fill(nroNota);

    await expect(page.getByTestId('total-invoice-importeTotal')).toHaveText('680,00 Bs.');
    await expect(page.getByTestId('total-note-importeTotal')).toHaveText('0,00 Bs.');
    const save = page.getByRole('button', { name: 'Guardar Nota' });
    await save.click();
    await expect(page.getByText('Error: No hay productos selecionados paara la nota')).toBeVisible();

    const quantity = main.getByRole('textbox', { name: 'Cantidad a devolver de Resma de papel' });
    await quantity.fill('6');
    await expect(page.getByText('La cantidad no puede ser mayor a la cantidad de la factura')).toBeVisible();
    await expect(save).toBeDisabled();
    await quantity.fill('2');
    await expect(page.getByTestId('total-note-subTotal')).toHaveText('200,00 Bs.');
    await expect(page.getByTestId('total-note-iva-16')).toHaveText('32,00 Bs.');
    await expect(page.getByTestId('total-note-importeTotal')).toHaveText('232,00 Bs.');
    await expect(page.getByTestId('total-atIssue-importeTotal')).toHaveText('448,00 Bs.');
    await save.click();
    await expect(toast(page, 'Nota registrada con exito')).toBeVisible();
    await expect(page).toHaveURL(/\/facturacion\/generales\/notas$/);
  });

  const row = page.getByRole('row').filter({ hasText: nroNota });
  await test.step('the list shows it not generated; generating gives it a control number', async () => {
    await expect(page.getByRole('heading', { name: 'Notas de Crédito y Débito' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nroNota);
    await expect(row).toContainText('No generada');
    await expect(row).toContainText(nroFactura);
    await expect(row).toContainText('Crédito');
    await expect(row).toContainText('Activa');
    await expect(row.getByRole('button', { name: 'Ver PDF' })).toBeDisabled();
    await expect(row.getByRole('button', { name: 'Anular' })).toBeDisabled();
    await row.getByRole('button', { name: 'Más acciones' }).click();
    await expect(page.getByRole('menuitem', { name: 'Eliminar' })).toBeEnabled();
    await page.getByRole('menuitem', { name: 'Generar y firmar PDF' }).click();
    await expect(toast(page, 'Nota Generada con exito')).toBeVisible({ timeout: 60_000 });
    await expect(row).toContainText(/\d{2}-\d{8}/);
    await expect(row).not.toContainText('No generada');
    noteId = await findId(page, '/v2/facturas/nota/querynotas', nroNota, 'nroNota');
  });

  await test.step('its PDF opens in a dialog and downloads as the signed bytes the server keeps', async () => {
    await row.getByRole('button', { name: 'Ver PDF' }).click();
    const dialog = page.getByRole('dialog', { name: `Nota N° ${nroNota}` });
    await expect(dialog.getByTestId('document-pdf')).toHaveAttribute('src', /^blob:/, { timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Descargar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Nota_${nroNota}.pdf`);
    pdf = await readFile(await download.path());
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
    const answer = await page.request.get(`/v2/facturas/nota/pdf/${noteId}`, {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(answer.ok()).toBeTruthy();
    expect((await answer.body()).equals(pdf)).toBe(true);
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  await test.step('anyone verifies the note on /certificar/{id}/nota; an altered copy fails', async () => {
    const context = await browser.newContext();
    try {
      const visitor = await context.newPage();
      await visitor.goto(`/certificar/${noteId}/nota`);
      const data = visitor.getByRole('region', { name: 'Datos del Documento' });
      await expect(data).toContainText(RIF);
      await expect(data).toContainText('Demo Comercial, C.A.');
      await expect(data).toContainText(nroNota);
      await expect(data).toContainText('V-12345678');
      await expect(data).toContainText('Activa');

      await validatePdf(visitor, `Nota_${nroNota}.pdf`, pdf);
      await expect(visitor.getByTestId('result-ok')).toContainText('Documento verificado');
      await visitor.getByRole('button', { name: 'Validar otro documento' }).click();
      await validatePdf(visitor, 'alterado.pdf', alteredCopy(pdf));
      await expect(visitor.getByTestId('result-warning')).toContainText('Documento no verificado');
    } finally {
      await context.close();
    }
  });

  await test.step("the filter dialog sends only the note number: 'Busqueda Ejecutada'", async () => {
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filtrar Notas' });
    await dialog.getByRole('textbox', { name: 'Nro. Nota' }).fill(nroNota);
    const sent = page.waitForRequest((r) => r.url().includes('/FiltrarNotas') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Buscar' }).click();
    expect((await sent).postDataJSON()).toEqual({ nroNota });
    await expect(toast(page, 'Busqueda Ejecutada')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    await expect(page.getByRole('button', { name: 'Quitar filtro' })).toBeVisible();
  });

  await test.step('annul it after a confirmation: Anulada, nothing more to do on it', async () => {
    await row.getByRole('button', { name: 'Anular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anular Nota' });
    await expect(dialog).toContainText(nroNota);
    // A reason is asked for, and kept: without one the button stays off.
    await expect(dialog.getByRole('button', { name: 'Anular' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Motivo de la anulación' }).fill('Nota emitida por error');
    await dialog.getByRole('button', { name: 'Anular' }).click();
    await expect(toast(page, 'Nota Anula con exito')).toBeVisible();
    await expect(row).toContainText('Anulada');
    await expect(row.getByRole('button', { name: 'Anular' })).toBeDisabled();
    await row.getByRole('button', { name: 'Más acciones' }).click();
    await expect(page.getByRole('menuitem', { name: 'Generar y firmar PDF' })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: 'Eliminar' })).toBeDisabled();
    await page.keyboard.press('Escape');
  });
});
