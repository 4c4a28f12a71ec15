import { expect, test } from '@playwright/test';
import { accessToken, signIn, toast } from '../support/app.ts';
import { invoice } from '../support/invoices.ts';

/**
 * A document's e-mail delivery is visible. An invoice of the demo company (e-mail off)
 * shows 'No enviado' in the list; 'Enviar / Reenviar por correo' sends it to a chosen address and CC,
 * and the list then shows 'Enviado' with the recipients. The journeys' server has no SMTP_URL, so the
 * message lands in the local outbox, which answers like a server (250).
 */
test('an invoice re-sent by e-mail shows as sent', async ({ page }, testInfo) => {
  await signIn(page);
  const run = `${Date.now().toString(36)}${testInfo.project.name.replace(/\W/g, '').slice(-6)}`.toUpperCase();
  const nro = `UX${run}`.slice(0, 18);
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const answer = await page.request.post('/v2/facturas/masivafacturacion', {
    headers,
    data: [invoice('J-123456789', nro)],
  });
  const body = await answer.json();
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  expect(body.totalFacturasNew, JSON.stringify(body.DetalleErrorFacturas)).toBe(1);

  await page.goto('/facturacion/generales');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(nro);
  const row = page.getByRole('row').filter({ hasText: nro });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row.getByTestId('delivery-state')).toHaveText('No enviado', { timeout: 30_000 });

  await row.getByRole('button', { name: new RegExp(`Más acciones de la factura .*${nro}`) }).click();
  await page.getByRole('menuitem', { name: 'Enviar / Reenviar por correo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar / Reenviar por correo' });
  const to = `cliente-${run.toLowerCase()}@example.com`;
  await dialog.getByRole('textbox', { name: 'Correo' }).fill('no-es-correo');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByText('debe ser un correo valido').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Correo' }).fill(to);
  await dialog.getByRole('textbox', { name: 'CC (separados por coma)' }).fill('copia@example.com');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(toast(page, 'Correo en cola de envío')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('delivery-state')).toHaveText('Enviado', { timeout: 30_000 });

  await row.getByTestId('delivery-state').hover();
  await expect(page.getByRole('tooltip')).toContainText(`Para: ${to}`);
  await expect(page.getByRole('tooltip')).toContainText('CC: copia@example.com');
});
