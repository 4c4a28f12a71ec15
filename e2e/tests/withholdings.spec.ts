import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { accessToken, signIn, toast } from '../support/app.ts';
import { alteredCopy, validatePdf } from '../support/verification.ts';

/**
 * Withholding journey (spec 002 §2.2, §2.3, §4, §5, §7): Demo Comercial (a special taxpayer)
 * withholds 75 % of the IVA of two purchase invoices of one supplier. The voucher is added in two steps
 * (header 'Siguiente' → two IVA lines → send), shows in 'Retenciones(total)', its PDF opens in the dialog
 * titled with its control number, anyone verifies it on /certificar/{id}/ret, the period's IVA TXT
 * lists it, and once annulled ('Anulada') the TXT no longer does.
 */

const AGENT = 'Demo Comercial, C.A. (J-123456789)';

async function withholdingId(page: Page, search: string): Promise<{ id: string; nroComprobante: string }> {
  const answer = await page.request.get('/v2/retenciones/getRetencionesIva/', {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    params: { page: 1, limit: 10, search },
  });
  expect(answer.ok()).toBeTruthy();
  const rows = ((await answer.json()) as { results: Array<Record<string, string>> }).results;
  const row = rows.find((r) => r.identificacion === search);
  expect(row, JSON.stringify(rows)).toBeDefined();
  return { id: row?.id ?? '', nroComprobante: row?.nroComprobante ?? '' };
}

/** Downloads the period's IVA TXT from the list's 'Archivos SENIAT' dialog and returns its text. */
async function periodTxt(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Archivos SENIAT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archivos de declaración SENIAT' });
  await dialog.getByRole('combobox', { name: 'Localidad' }).click();
  await page.getByRole('option', { name: AGENT }).click();
  // The period defaults to the current month and today's fortnight, the voucher's default fiscal period.
  await expect(dialog.getByLabel('Periodo')).toHaveValue(/^\d{4}-\d{2}$/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Descargar TXT IVA' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^RetencionesIVA_J123456789_\d{6}-Q[12]\.txt$/);
  const text = await readFile(await download.path(), 'utf8');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  return text;
}

test('IVA voucher in two steps with two lines: list, PDF, public verification, TXT, annul', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const run = String(Date.now());
  const supplier = `Proveedor Retenido ${run.slice(-6)}`;
  const factura1 = `F${run.slice(-7)}`;
  const factura2 = `G${run.slice(-7)}`;
  let id = '';
  let nroComprobante = '';
  let control = '';
  let pdf = Buffer.alloc(0);

  await test.step('log in; the list opens the add page', async () => {
    await signIn(page);
    await page.goto('/retenciones/iva-islr');
    // The screen's code loads on first use: allow for a busy machine.
    await expect(page.getByRole('heading', { name: /^Retenciones\(\d+\)$/ })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Agregar Retención' }).click();
    await expect(page).toHaveURL(/\/retenciones\/iva-islr\/Agregar$/);
    await expect(page.getByRole('heading', { name: 'Agregar Retención' })).toBeVisible({ timeout: 30_000 });
  });

  const header = page.getByRole('form', { name: 'Datos del Comprobante' });
  await test.step("step 1: the header's messages, the RIF input, the IVA-only rate, 'Siguiente'", async () => {
    // Default period: today's fortnight, 1-15 or 16 to the month's end, dd/MM/yyyy.
    const desde = await header.getByLabel('Periodo Fiscal Desde').inputValue();
    const hasta = await header.getByLabel('Periodo Fiscal Hasta').inputValue();
    expect(desde).toMatch(/^(01|16)\/\d{2}\/\d{4}$/);
    expect(hasta.slice(2)).toBe(desde.slice(2));
    if (desde.startsWith('01')) expect(hasta.slice(0, 2)).toBe('15');
    else expect(Number(hasta.slice(0, 2))).toBeGreaterThanOrEqual(28);

    await header.getByRole('button', { name: 'Siguiente' }).click();
    await expect(header.getByText('Localidad es requerida')).toBeVisible();
    await expect(header.getByText('RIF Retenido es requerido')).toBeVisible();
    await expect(header.getByText('Tipo de Retencion es requerido')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Detalle de la Retención' })).toHaveCount(0);

    const rif = header.getByRole('textbox', { name: 'RIF Retenido' });
    await rif.fill('j 30.123.456');
    await expect(rif).toHaveValue('J-30123456');
    await header.getByRole('button', { name: 'Siguiente' }).click();
    await expect(header.getByText('RIF debe tener el formato J-123456789')).toBeVisible();
    await rif.fill('j-30123456-7x99');
    await expect(rif).toHaveValue('J-301234567');

    await header.getByRole('combobox', { name: 'Localidad' }).click();
    await page.getByRole('option', { name: AGENT }).click();
    const rate = header.getByRole('combobox', { name: 'Porcentaje de Retención' });
    await header.getByRole('combobox', { name: 'Tipo de Retencion' }).click();
    await page.getByRole('option', { name: 'ISLR' }).click();
    await expect(rate).toHaveAttribute('aria-disabled', 'true');
    await header.getByRole('combobox', { name: 'Tipo de Retencion' }).click();
    await page.getByRole('option', { name: 'IVA' }).click();
    await expect(rate).not.toHaveAttribute('aria-disabled', 'true');
    await rate.click();
    await page.getByRole('option', { name: '75 %' }).click();

    await header.getByRole('textbox', { name: 'Nombre/Razón Social Retenido' }).fill(supplier);
    await header.getByRole('textbox', { name: 'Dirección Retenido' }).fill('Av. Principal, Maracay');
    const correo = header.getByRole('textbox', { name: 'E-MAIL Retenido' });
    await correo.fill('no-es-correo');
    await header.getByRole('button', { name: 'Siguiente' }).click();
    await expect(header.getByText('debe ser un correo valido')).toBeVisible();
    await correo.fill('proveedor@example.com');
    await header.getByRole('button', { name: 'Siguiente' }).click();
    await expect(header.getByRole('button', { name: 'Actualizar' })).toBeVisible();
  });

  const send = page.getByRole('button', { name: 'Enviar Retención' });
  await test.step('step 2: two IVA lines, the duplicate refused, the amounts computed', async () => {
    const form = page.getByRole('form', { name: 'Detalle de la Retención' });
    await expect(send).toBeDisabled();
    const day = (await header.getByLabel('Periodo Fiscal Desde').inputValue()) as string;

    const addLine = async (nro: string, control: string, base: string, total: string, rate: string) => {
      await form.getByLabel('Fecha del Documento').fill(day);
      await form.getByRole('textbox', { name: 'Nro de Documento' }).fill(nro);
      await form.getByRole('textbox', { name: 'Nro de Control del Documento' }).fill(control);
      await form.getByRole('textbox', { name: 'Monto Total del Documento' }).fill(total);
      await form.getByRole('textbox', { name: 'Base Imponible' }).fill(base);
      await form.getByRole('combobox', { name: 'Alícuota' }).click();
      await page.getByRole('option', { name: `${rate} %`, exact: true }).click();
      await form.getByRole('button', { name: 'Agregar' }).click();
    };

    // '01-REG' disables the note number and the affected document.
    await expect(form.getByRole('textbox', { name: 'Nro de Nota' })).toBeDisabled();
    await expect(form.getByRole('textbox', { name: 'Nro Documento Afectado' })).toBeDisabled();
    await form.getByRole('textbox', { name: 'Base Imponible' }).fill('1000');
    await expect(form.getByRole('textbox', { name: 'Impuesto Causado' })).toHaveValue('160,00');
    await expect(form.getByRole('textbox', { name: 'Impuesto Retenido' })).toHaveValue('120,00');

    await addLine(factura1, '00-00168441', '1000', '1160', '16');
    const table = page.getByRole('table', { name: 'Documentos Retenidos' });
    await expect(table.getByRole('row').filter({ hasText: factura1 })).toContainText('120,00');

    // The same document at the same rate again is the spec's duplicate (another rate would be valid).
    await addLine(factura1, '00-00168441', '10', '11.60', '16');
    await expect(
      page.getByText(
        'No se puede agregar la retencion porque ya existe una retencion con el mismo nroDocumento, nroControlDocumento y tipoTransaccion',
      ),
    ).toBeVisible();

    await addLine(factura2, '00-00168442', '500', '540', '8');
    await expect(table.getByRole('row').filter({ hasText: factura2 })).toContainText('30,00');
    await expect(page.getByTestId('withholding-total')).toContainText('150,00');
  });

  await test.step('send: the voucher is stored, the page returns to step 1', async () => {
    await expect(send).toBeEnabled();
    await send.click();
    await expect(toast(page, 'Retencion Creada con Exito')).toBeVisible({ timeout: 30_000 });
    await expect(header.getByRole('button', { name: 'Siguiente' })).toBeVisible();
    await expect(header.getByRole('textbox', { name: 'RIF Retenido' })).toHaveValue('');
    await expect(send).toBeDisabled();
    ({ id, nroComprobante } = await withholdingId(page, supplier));
    expect(nroComprobante).toMatch(/^\d{14}$/);
  });

  const row = page.getByRole('row').filter({ hasText: supplier });
  await test.step('the list shows it Activa; its PDF opens titled with the control number', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Retenciones' }).click();
    await expect(page).toHaveURL(/\/retenciones\/iva-islr$/);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(supplier);
    await expect(row).toContainText(nroComprobante);
    await expect(row).toContainText('J-301234567');
    await expect(row).toContainText('Activa');
    control = (await row.getByRole('cell').nth(1).innerText()).trim();
    expect(control).not.toBe('');

    await row.getByRole('button', { name: 'PDF' }).click();
    const dialog = page.getByRole('dialog', { name: `Comprobante de Retención · Control N° ${control}` });
    await expect(dialog.getByTestId('document-pdf')).toHaveAttribute('src', /^blob:/, { timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Descargar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Retencion_${nroComprobante}.pdf`);
    pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('anyone verifies the voucher on /certificar/{id}/ret; an altered copy fails', async () => {
    const context = await browser.newContext();
    try {
      const visitor = await context.newPage();
      await visitor.goto(`/certificar/${id}/ret`);
      const data = visitor.getByRole('region', { name: 'Datos del Documento' });
      // A fresh browser loads the public page's code: allow for a busy machine.
      await expect(data).toContainText(nroComprobante, { timeout: 30_000 });
      await expect(data).toContainText('J-301234567');
      await validatePdf(visitor, `Retencion_${nroComprobante}.pdf`, pdf);
      await expect(visitor.getByTestId('result-ok')).toContainText('Documento verificado');
      await visitor.getByRole('button', { name: 'Validar otro documento' }).click();
      await validatePdf(visitor, 'alterado.pdf', alteredCopy(pdf));
      await expect(visitor.getByTestId('result-warning')).toContainText('Documento no verificado');
    } finally {
      await context.close();
    }
  });

  await test.step("the period's IVA TXT lists both lines of the voucher", async () => {
    const txt = await periodTxt(page);
    const lines = txt.split(/\r?\n/).filter((l) => l.includes(nroComprobante));
    expect(lines).toHaveLength(2);
    expect(lines.some((l) => l.includes(factura1))).toBe(true);
    expect(lines.some((l) => l.includes(factura2))).toBe(true);
  });

  await test.step('annul it after a confirmation: Anulada, and the TXT leaves it out', async () => {
    await row.getByRole('button', { name: 'Anular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anular Retención' });
    await expect(dialog).toContainText(nroComprobante);
    // A reason is asked for, and kept: without one the button stays off.
    await expect(dialog.getByRole('button', { name: 'Anular' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Motivo de la anulación' }).fill('Retención duplicada');
    await dialog.getByRole('button', { name: 'Anular' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Anulada');
    await expect(row.getByRole('button', { name: 'Anular' })).toBeDisabled();
    const txt = await periodTxt(page);
    expect(txt).not.toContain(nroComprobante);
  });
});
