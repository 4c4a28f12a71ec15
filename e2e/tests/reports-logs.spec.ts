import { expect, test } from '@playwright/test';
import { ADMIN, mainMenu, signIn } from '../support/app.ts';

/**
 * Event-log and e-mail-log screens (spec 002 §2.8, §2.9, §9): the admin's own trail of today as the
 * embedded 'Logs de Eventos' PDF, an empty range, then the e-mail log: 'Realice una busquedad' before the
 * first search, a password-reset e-mail found by recipient with its 250 shown as 'Aceptado', the status
 * modal, and the export LogsEmail_{timestamp}.xlsx.
 */

/** Today in Caracas (yyyy-MM-dd), as the server's date checks see it. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Caracas',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

test('event-log report and e-mail log', async ({ page, request }) => {
  test.setTimeout(180_000);
  // A message in the e-mail log: the password-reset mail of the admin (sent on the job queue).
  const forgot = await request.post('/v2/auth/forgot-password', { data: { email: ADMIN.email } });
  expect(forgot.status()).toBeLessThan(300);

  await signIn(page);

  await page.goto('/reportes/logs');
  // The screen's code loads on first visit: a busy machine may take a while.
  await expect(page.getByRole('heading', { name: 'Generar Reporte de Logs' })).toBeVisible({
    timeout: 30_000,
  });
  const generate = page.getByRole('button', { name: 'Generar Reporte' });
  await expect(generate).toBeDisabled();
  await page.getByLabel('Usuario (correo)').fill('admin@');
  await page.getByRole('option', { name: ADMIN.email }).click();
  await page.getByLabel('Desde').fill(today());
  await expect(generate).toBeDisabled();
  await page.getByLabel('Hasta').fill(today());
  await generate.click();
  await expect(page.getByTitle('Logs de Eventos')).toBeVisible();

  await page.getByLabel('Desde').fill('2020-01-01');
  await page.getByLabel('Hasta').fill('2020-01-02');
  await generate.click();
  await expect(page.getByText('No hay datos para mostrar')).toBeVisible();

  // In-app navigation (the menu group is open): no reload of the whole app.
  await mainMenu(page).getByRole('link', { name: 'Logs de Correos', exact: true }).click();
  await expect(page.getByText('Realice una busquedad')).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Correo destinatario').fill(ADMIN.email);
  // The mail job may still be running: search until the message is logged.
  await expect(async () => {
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(
      page.getByRole('button', { name: /Ver estatus del correo a admin@sigece\.local/ }).first(),
    ).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  const status = page.getByRole('button', { name: /Ver estatus del correo a admin@sigece\.local/ }).first();
  await expect(status).toHaveText('Aceptado');
  await expect(
    page.getByRole('cell', { name: /^\d\d\/\d\d\/\d{4} \d\d:\d\d [ap]\.m\.$/ }).first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Página 1' })).toBeVisible();
  await status.click();
  const modal = page.getByRole('dialog', { name: 'Estatus del correo' });
  await expect(modal).toContainText('250');
  await expect(modal).toContainText(ADMIN.email);
  await modal.getByRole('button', { name: 'Cerrar' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^LogsEmail_\d+\.xlsx$/);
});
