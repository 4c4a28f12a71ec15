import { expect, test } from '@playwright/test';
import { signIn, toast } from '../support/app.ts';

/**
 * An ISLR voucher whose amount the screen computes. The concept is found by typing its
 * words and shows person type and percentage; the amount withheld is not typed: concept 002 (PNR
 * honorarios, 3 %, sustraendo UT × 83.3334 × 3 %) on 10,000.00 with the seeded UT of Bs. 43,00 gives
 * 10,000.00 × 3 % − 107.50 = 192.50, which the server's save accepts.
 */
const AGENT = 'Demo Comercial, C.A. (J-123456789)';

test('an ISLR voucher whose amount the screen computes', async ({ page }, testInfo) => {
  const run = `${Date.now().toString(36)}${testInfo.project.name.replace(/\W/g, '').slice(-6)}`.toUpperCase();
  const supplier = `Profesional ${run}`;
  await signIn(page);
  await page.goto('/retenciones/iva-islr/Agregar');
  await expect(page.getByRole('heading', { name: 'Agregar Retención' })).toBeVisible({ timeout: 30_000 });

  const header = page.getByRole('form', { name: 'Datos del Comprobante' });
  await header.getByRole('combobox', { name: 'Localidad' }).click();
  await page.getByRole('option', { name: AGENT }).click();
  await header.getByRole('combobox', { name: 'Tipo de Retencion' }).click();
  await page.getByRole('option', { name: 'ISLR' }).click();
  await header.getByRole('textbox', { name: 'RIF Retenido' }).fill('V-123456789');
  await header.getByRole('textbox', { name: 'Nombre/Razón Social Retenido' }).fill(supplier);
  await header.getByRole('textbox', { name: 'Dirección Retenido' }).fill('Av. Principal, Maracay');
  await header.getByRole('textbox', { name: 'E-MAIL Retenido' }).fill('profesional@example.com');
  await header.getByRole('button', { name: 'Siguiente' }).click();
  await expect(header.getByRole('button', { name: 'Actualizar' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Detalle de la Retención' });
  const day = await header.getByLabel('Periodo Fiscal Desde').inputValue();
  // The picker finds the concept by its words, whatever their order and accents.
  const concept = form.getByRole('combobox', { name: 'Concepto de ISLR' });
  await concept.fill('honorarios no mercantiles pnr');
  const option = page.getByRole('option', {
    name: /^002 - Honorarios profesionales no mercantiles · PNR · 3,00 %$/,
  });
  await expect(option).toBeVisible({ timeout: 20_000 });
  await option.click();
  await form.getByLabel('Fecha del Documento').fill(day);
  await form.getByRole('textbox', { name: 'Nro de Documento' }).fill(`H-${run}`.slice(0, 20));
  await form.getByRole('textbox', { name: 'Nro de Control del Documento' }).fill('00-00000456');
  await form.getByRole('textbox', { name: 'Monto Total del Documento' }).fill('10000');
  await form.getByRole('textbox', { name: 'Base Imponible' }).fill('10000');

  const withheld = form.getByRole('textbox', { name: 'Impuesto de ISLR causado y retenido' });
  await expect(withheld).toHaveValue('192,50', { timeout: 20_000 });
  await expect(withheld).not.toBeEditable();
  await expect(form.getByText('10.000,00 × 3,00 % − sustraendo 107,50 (UT Bs. 43,00)')).toBeVisible();
  await form.getByRole('button', { name: 'Agregar' }).click();

  const table = page.getByRole('table', { name: 'Documentos Retenidos' });
  await expect(table.getByRole('row').filter({ hasText: `H-${run}`.slice(0, 20) })).toContainText('192,50');
  await expect(page.getByTestId('withholding-total')).toContainText('192,50');
  await page.getByRole('button', { name: 'Enviar Retención' }).click();
  await expect(toast(page, 'Retencion Creada con Exito')).toBeVisible({ timeout: 30_000 });
});
