import { expect, test } from '@playwright/test';
import { signIn } from '../support/app.ts';

/**
 * A screen the role does not grant says so at its URL (no silent trip to /home), and the
 * browser tab names the screen shown.
 */
test('a forbidden screen says so; the tab title names each screen', async ({ page }) => {
  await signIn(page, 'usuario@sigece.local', 'usuario123');
  await expect(page).toHaveTitle('Inicio · sigece');

  await page.goto('/mantenimiento/Banco');
  await expect(page).toHaveURL(/\/mantenimiento\/Banco$/);
  await expect(page.getByRole('heading', { name: 'No tiene permiso para ver esta pantalla' })).toBeVisible();
  await expect(page).toHaveTitle('No tiene permiso para ver esta pantalla · sigece');
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/facturacion/generales');
  await expect(page).toHaveTitle('Generales · Facturas · sigece');
  await expect(page.getByRole('heading', { name: 'No tiene permiso para ver esta pantalla' })).toHaveCount(0);
});
