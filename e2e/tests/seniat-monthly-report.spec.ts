import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn, toast } from '../support/app.ts';

/**
 * The provider's monthly duty to SENIAT (Providencia SNAT/2024/000102 Art. 29.7 as
 * read): the master administrator opens 'Generar Reporte Seniat', generates last month's report of assigned
 * control numbers, downloads it (CSV, the machine-readable file, and XLSX) and marks it sent with a receipt
 * number. Last month is read from the real clock the server runs on; on any day of the month the row can be
 * generated and marked sent (from day 11 it shows as overdue until then).
 */

/** Last month (AAAA-MM) in Caracas. */
function lastMonth(): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Caracas',
    year: 'numeric',
    month: '2-digit',
  }).format(new Date());
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

test('the provider generates last month’s report of assigned numbers, downloads it and marks it sent', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const periodo = lastMonth();
  await signIn(page);
  await page.goto('/reportes/ReportSeniat');
  const table = page.getByRole('table', { name: 'Reporte mensual de números de control asignados' });
  // The screen's code loads on first visit: a busy machine may take a while.
  await expect(table).toBeVisible({ timeout: 30_000 });
  const row = table.locator(`tr[data-periodo="${periodo}"]`);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /^Generar/ }).click();
  await expect(toast(page, `Reporte de ${periodo} generado`)).toBeVisible();
  await expect(row.locator('.MuiChip-label')).toHaveText(/^(Generado|Vencido)$/);
  await expect(row.getByText(/^SHA-256 [0-9a-f]{16}…$/)).toBeVisible();

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`ReporteNumerosAsignados_${periodo}.csv`);
  const text = readFileSync(await csv.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    'periodo,rif_imprenta,rif_emisor,razon_social,sucursal,familia,lote,serie,numero,numero_control,tipo_documento,documento,fecha_asignacion,hora_asignacion,estatus',
  );
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Descargar XLSX' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe(`ReporteNumerosAsignados_${periodo}.xlsx`);

  await row.getByRole('button', { name: 'Marcar enviado' }).click();
  const dialog = page.getByRole('dialog', { name: `Marcar como enviado al SENIAT el reporte de ${periodo}` });
  await dialog.getByLabel('N° de recibo (opcional)').fill('E2E-0001');
  await dialog.getByRole('button', { name: 'Marcar enviado' }).click();
  await expect(toast(page, `Reporte de ${periodo} marcado como enviado`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.locator('.MuiChip-label')).toHaveText('Enviado');
  await expect(row).toContainText('por admin@sigece.local');
  await expect(row).toContainText('E2E-0001');
  await expect(row.getByRole('button', { name: 'Marcar enviado' })).toHaveCount(0);
});
