import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn, toast } from '../support/app.ts';

/**
 * Mass load journey (spec 000 "Mass load", spec 001 §5.8 and §8.7): from Demo Comercial's row in the
 * company list, 'Carga masiva' opens the dialog; the invoice template is downloaded, two invoices of
 * three lines are written into it (with exceljs, as a user fills it), uploaded and processed; the dialog
 * shows the processing overlay and then the counters; both invoices are in the invoice list with their
 * control numbers and signed PDFs.
 */

const COMPANY = 'Demo Comercial, C.A.';

test('mass load: template, two invoices of three lines, upload, process, counters, invoices with PDFs', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = String(Date.now()).slice(-7);
  const numbers = [`M${run}1`, `M${run}2`];
  const dialog = page.getByRole('dialog', { name: `Carga masiva — ${COMPANY}` });
  let header: string[] = [];

  await test.step("open 'Carga masiva' from the company's row", async () => {
    await signIn(page);
    await page.goto('/mantenimiento/Localidad');
    const row = page.getByRole('row').filter({ hasText: COMPANY });
    await row.getByRole('button', { name: 'Carga masiva' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Procesar' })).toBeDisabled();
  });

  await test.step('choose Facturas among the seven types and download its template', async () => {
    await dialog.getByRole('combobox', { name: 'Tipo de archivo' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Facturas',
      'Notas de crédito y débito',
      'Anulación de facturas',
      'Anulación de notas',
      'Órdenes de entrega y guías de despacho',
      'Anulación de órdenes de entrega y guías de despacho',
      'Comprobantes de retención IVA e ISLR',
    ]);
    await page.getByRole('option', { name: 'Facturas', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Descargar plantilla' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('plantilla_factura.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    header = (workbook.getWorksheet('Datos')!.getRow(1).values as string[]).slice(1);
    expect(header).toContain('nroFactura');
    expect(workbook.getWorksheet('Instrucciones')).toBeTruthy();
  });

  const file = join(tmpdir(), `carga-${run}.xlsx`);
  await test.step('fill two invoices of three lines and upload them', async () => {
    const yesterday = new Date(Date.now() - 86_400_000)
      .toISOString()
      .slice(0, 10)
      .split('-')
      .reverse()
      .join('/');
    const line = (nroFactura: string, codigoProducto: string, cantidad: number, precio: number) => ({
      nroFactura,
      fechaDocumento: yesterday,
      condicionPago: 'CONTADO',
      facturaDivisa: 'VEF',
      tipoVenta: 'INTERNA',
      clienteTipoDocumento: 'V',
      clienteNumeroDocumento: '12345678',
      // The seed's own client as the seed has it: a load updates the client it names, and later journeys
      // (ux-desk, ux-clicks) look for 'Pedro Pérez'.
      clienteNombre: 'Pedro Pérez',
      clienteCorreo: 'pedro.perez@example.com',
      codigoProducto,
      descripcion: `Artículo ${codigoProducto}`,
      cantidad,
      precio,
      alicuotaGravamen: '16',
      exento: 'NO',
    });
    const rows = numbers.flatMap((n) => [
      line(n, 'P-001', 1, 100),
      line(n, 'P-002', 2, 25.5),
      line(n, 'P-003', 3, 10),
    ]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Datos');
    sheet.addRow(header);
    for (const r of rows) sheet.addRow(header.map((h) => (r as Record<string, unknown>)[h] ?? null));
    await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));

    await dialog.getByLabel('Archivo .xlsx o .xls').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Cargar', exact: true }).click();
    await expect(toast(page, 'Archivo Cargado con Exito')).toBeVisible();
    await expect(dialog).toContainText('2 documentos en 6 filas listos para procesar');
  });

  await test.step('process: the overlay and progress show, then the counters of spec 001 §8.7', async () => {
    await dialog.getByRole('button', { name: 'Procesar' }).click();
    await expect(
      dialog.getByText('Procesando documentos. favor no cerrar la ventana o cancelar esta operación'),
    ).toBeVisible();
    const counters = dialog.getByRole('table', { name: 'Resultado' });
    // Two invoices may be done before the next poll: the bar, or already the counters.
    await expect(dialog.getByRole('progressbar').or(counters)).toBeVisible();
    await expect(counters).toBeVisible({ timeout: 60_000 });
    await expect(counters.getByRole('row', { name: /Facturas procesadas/ })).toContainText('2');
    await expect(counters.getByRole('row', { name: /Facturas nuevas/ })).toContainText('2');
    await expect(counters.getByRole('row', { name: /Facturas con error/ })).toContainText('0');
    await expect(dialog.getByRole('button', { name: 'Descargar resultado' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('both invoices are in the list with control numbers and signed PDFs', async () => {
    await page.goto('/facturacion/generales');
    for (const nro of numbers) {
      await page.getByRole('searchbox', { name: 'Buscar' }).fill(nro);
      const row = page.getByRole('row').filter({ hasText: nro });
      await expect(row).toContainText(/\d{2}-\d{8}/, { timeout: 60_000 });
      await row.getByRole('button', { name: 'Ver PDF' }).click();
      const pdf = page.getByRole('dialog', { name: `Factura N° ${nro}` });
      await expect(pdf.getByTestId('document-pdf')).toHaveAttribute('src', /^blob:/, { timeout: 60_000 });
      await pdf.getByRole('button', { name: 'Cerrar' }).click();
      await expect(pdf).toBeHidden();
    }
  });
});
