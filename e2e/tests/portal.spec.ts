import { expect, test } from '@playwright/test';
import { accessToken, logout, mainMenu, signIn } from '../support/app.ts';
import { invoice } from '../support/invoices.ts';

/**
 * The tax authority's read access: the master admin makes a SENIAT portal user (no role,
 * no company); that user lands on 'Portal SENIAT', sees no other screen, finds an invoice by its control
 * number and downloads its signed PDF.
 */
test('a SENIAT portal user reads the numbered documents, read only', async ({ page }) => {
  // Two sign-ins, an invoice signed in the background and a download: more than the default on a busy machine.
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const alias = `seniat${run}`;
  await signIn(page);
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const issued = await page.request.post('/v2/facturas/masivafacturacion', {
    headers,
    data: [invoice('J-123456789', `PS${run}`.slice(0, 18))],
  });
  const body = await issued.json();
  expect(issued.status(), JSON.stringify(body)).toBe(200);
  const nroControl = body.DetalleFacturaProcesadas[0][0].NroControl as string;
  const created = await page.request.post('/v2/users/addUser', {
    headers,
    data: {
      tipoDocumento: 'V',
      numeroDocumento: String(Date.now() % 100_000_000).padStart(8, '2'),
      firstName: 'Fiscal',
      lastName: 'SENIAT',
      userAlias: alias,
      email: `${alias}@seniat.example`,
      password: 'Clave.Segura.2024',
      masterAdmin: false,
      id_localidad: [],
      sucursales: [],
      userPortal: 'USUARIO_PORTAL',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  await logout(page);

  await signIn(page, `${alias}@seniat.example`, 'Clave.Segura.2024', /\/portal\/documentos$/);
  await expect(page.getByRole('heading', { name: 'Portal SENIAT: documentos numerados' })).toBeVisible();
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: 'Portal SENIAT' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Gestión' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Inicio' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Número de control' }).fill(nroControl);
  const row = page.getByRole('row', { name: new RegExp(nroControl) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('J-123456789');
  await expect(row).toContainText('116,00');

  // The PDF is signed in the background: once it is there, the row offers its download.
  await expect(async () => {
    await page.reload();
    await page.getByRole('textbox', { name: 'Número de control' }).fill(nroControl);
    await expect(row.getByRole('button', { name: /Descargar PDF firmado/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /Descargar PDF firmado/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // Any other screen is not theirs.
  await page.goto('/facturacion/generales');
  await expect(page.getByRole('heading', { name: 'No tiene permiso para ver esta pantalla' })).toBeVisible();
});
