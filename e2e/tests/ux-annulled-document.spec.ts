import { expect, test } from '@playwright/test';
import { accessToken, signIn, toast } from '../support/app.ts';
import { invoice } from '../support/invoices.ts';

/**
 * An invoice annulled with a reason is visibly annulled. Its
 * detail tells its activity in plain words (created, numbered, signed, annulled with the reason, the PDF
 * marked ANULADA); the public verification page shows 'Documento anulado el …' with the reason instead of
 * the green card, also after checking the PDF now served (the one marked ANULADA).
 */
test('an invoice annulled with a reason shows ANULADA publicly and in its timeline', async ({
  page,
  browser,
}, testInfo) => {
  // Waits for two PDF jobs (the original and the one marked ANULADA) besides the screens.
  test.slow();
  await signIn(page);
  const run = `${Date.now().toString(36)}${testInfo.project.name.replace(/\W/g, '').slice(-6)}`.toUpperCase();
  const nro = `AN${run}`.slice(0, 18);
  const reason = 'Precio equivocado en la línea 1';
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const answer = await page.request.post('/v2/facturas/masivafacturacion', {
    headers,
    data: [invoice('J-123456789', nro)],
  });
  const body = await answer.json();
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  expect(body.totalFacturasNew, JSON.stringify(body.DetalleErrorFacturas)).toBe(1);
  const id = body.DetalleFacturaProcesadas[0][0].id as string;

  await page.goto('/facturacion/generales');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(nro);
  const row = page.getByRole('row').filter({ hasText: nro });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  // 'Anular' is offered once the signed PDF exists.
  await expect(row.getByRole('button', { name: 'Anular' })).toBeEnabled({ timeout: 30_000 });
  await row.getByRole('button', { name: 'Anular' }).click();
  const annul = page.getByRole('dialog', { name: 'Anular Factura' });
  await annul.getByRole('textbox', { name: 'Motivo de la anulación' }).fill(reason);
  await annul.getByRole('button', { name: 'Anular' }).click();
  await expect(toast(page, `Anulada Factura N°: ${nro}`)).toBeVisible();
  await expect(row).toContainText('Anulada');

  // The PDF marked ANULADA is rendered by the job queued at annulment.
  let state: { fechaAnulacion: string; checkedSumAnuladaBase64: string | null } | undefined;
  await expect
    .poll(
      async () => {
        state = await (await page.request.get(`/v2/documentos/fact/${id}/anulacion`)).json();
        return state?.checkedSumAnuladaBase64 ?? null;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Caracas',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(state!.fechaAnulacion));

  await test.step('the detail tells the activity in plain words', async () => {
    await row.getByRole('button', { name: 'Consultar' }).click();
    const detail = page.getByRole('dialog', { name: `Factura N° ${nro}` });
    const activity = detail.getByTestId('document-activity');
    await expect(activity).toContainText('Actividad del documento');
    await expect(activity).toContainText('Creado por admin@sigece.local desde la API de integración');
    await expect(activity).toContainText('Recibió el número de control');
    await expect(activity).toContainText('PDF generado y firmado digitalmente');
    await expect(activity).toContainText(`Anulado por admin@sigece.local. Motivo: ${reason}`);
    await expect(activity).toContainText('PDF marcado ANULADA generado y firmado');
    await expect(activity).not.toContainText('/v2/');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
  });

  const pdf = await (await page.request.get(`/v2/facturas/pdf/${id}`, { headers })).body();
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

  await test.step('the public page shows the annulled state, not the green card', async () => {
    const context = await browser.newContext();
    try {
      const visitor = await context.newPage();
      await visitor.goto(`/certificar/${id}/fact`);
      await expect(visitor.getByRole('heading', { name: 'Verificación de Documentos' })).toBeVisible();
      await expect(visitor.getByRole('region', { name: 'Datos del Documento' })).toContainText('Anulada');
      const notice = visitor.getByTestId('result-annulled');
      await expect(notice).toContainText(`Documento anulado el ${day}`);
      await expect(notice).toContainText(`Motivo: ${reason}`);

      // The PDF served now (marked ANULADA) verifies as this document, and the state stays distinct.
      await visitor.getByLabel('Documento PDF a validar').setInputFiles({
        name: `Factura_${nro}.pdf`,
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await visitor.getByRole('button', { name: 'Validar Documento' }).click();
      await expect(visitor.getByTestId('result-annulled')).toContainText('el documento está anulado');
      await expect(visitor.getByTestId('result-ok')).toHaveCount(0);

      await visitor.getByRole('button', { name: 'English' }).click();
      await expect(visitor.getByTestId('result-annulled')).toContainText(`Document annulled on ${day}`);
    } finally {
      await context.close();
    }
  });
});
