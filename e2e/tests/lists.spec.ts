import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { accessToken, openMenu, signIn, toast } from '../support/app.ts';

/**
 * The shared list (spec 000 §2 "Lists share", §4) on the users and modules screens: search, greyed
 * inactive rows and the Inactivar/Reactivar rules, edit and change-password dialogs, CSV and PDF export
 * of the whole search, stepped pagination and the module detail dialog.
 */
test('the administrator works the users and modules lists', async ({ page }) => {
  const run = Date.now().toString(36);
  const alias = `lista${run}`;

  await signIn(page);

  await test.step('a user created through the API', async () => {
    const headers = { Authorization: `Bearer ${await accessToken(page)}` };
    const roles = await (
      await page.request.get('/v2/mantenimiento/roles/getroles?limit=50', { headers })
    ).json();
    const role = roles.results.find((r: { rol: string }) => r.rol === 'user');
    const created = await page.request.post('/v2/users/addUser', {
      headers,
      data: {
        tipoDocumento: 'V',
        numeroDocumento: String(Date.now() % 100_000_000).padStart(8, '1'),
        firstName: 'Luis',
        lastName: 'Gómez',
        userAlias: alias,
        email: `${alias}@sigece.local`,
        password: 'Clave.Segura.2024',
        masterAdmin: false,
        role: role.id,
        id_localidad: [],
        sucursales: [],
        userPortal: 'NO_PORTAL',
      },
    });
    expect(created.status()).toBeLessThan(300);
  });

  const row = page.getByRole('row', { name: new RegExp(alias) });

  await test.step('search finds the user', async () => {
    await openMenu(page, 'Seguridad', 'Usuarios');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(alias);
    await expect(page.getByText('1–1 de 1', { exact: true })).toBeVisible();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Ver detalle' }).click();
    await expect(page.getByText('V-', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
  });

  await test.step('inactivate: the row is greyed, only Reactivar remains', async () => {
    await row.getByRole('button', { name: 'Inactivar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Inactivar Usuario' });
    await confirm.getByRole('button', { name: 'Inactivar' }).click();
    await expect(toast(page, 'Usuario Inactivo')).toBeVisible();
    await expect(row).toHaveAttribute('data-inactive', 'true');
    await expect(row.getByRole('button', { name: 'Editar' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Inactivar' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Reactivar' }).click();
    await page
      .getByRole('dialog', { name: 'Reactivar Usuario' })
      .getByRole('button', { name: 'Reactivar' })
      .click();
    await expect(toast(page, 'Usuario Activo')).toBeVisible();
    await expect(row).not.toHaveAttribute('data-inactive', 'true');
  });

  await test.step('edit without passwords, then change the password', async () => {
    await row.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Usuario' });
    await expect(edit.getByLabel(/^Contraseña/)).toHaveCount(0);
    await expect(edit.getByRole('textbox', { name: 'Alias (Username)' })).toHaveValue(alias);
    await edit.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Luisa');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Usuario Actualizado con exito !!!')).toBeVisible();
    await expect(edit).toBeHidden();

    await row.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const password = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
    await password.getByRole('button', { name: 'Guardar' }).click();
    await expect(password.getByText('Password is requerido', { exact: true }).first()).toBeVisible();
    await password.getByLabel(/^Contraseña/).fill('Otra.Clave.2025');
    await password.getByLabel(/^Repetir contraseña/).fill('Otra.Clave.2026');
    await password.getByRole('button', { name: 'Guardar' }).click();
    await expect(password.getByText('Passwords no Coinsiden', { exact: true })).toBeVisible();
    await password.getByLabel(/^Repetir contraseña/).fill('Otra.Clave.2025');
    await password.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Password Actualizado con exito !!!')).toBeVisible();
    await expect(password).toBeHidden();
  });

  await test.step('export the search as CSV and PDF', async () => {
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const csv = readFileSync(await (await csvDownload).path(), 'utf8');
    // ';' separates the columns, as Spanish spreadsheet programs expect.
    expect(csv).toContain('Username;Correo');
    expect(csv).toContain(`${alias};${alias}@sigece.local`);

    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar PDF' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(/^usuarios-.*\.pdf$/);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  await test.step('modules: stepped pagination, page size and the detail dialog', async () => {
    await openMenu(page, 'Seguridad', 'Módulos');
    await expect(page.getByRole('heading', { name: 'Módulos' })).toBeVisible();
    const range = page.getByText(/^\d+–\d+ de \d+$/);
    await expect(range).toHaveText(/^1–10 de \d+$/);
    const total = Number((await range.textContent())?.split(' de ')[1]);
    expect(total).toBeGreaterThan(25);
    await page.getByRole('button', { name: 'Última página' }).click();
    await expect(range).toHaveText(`${Math.floor((total - 1) / 10) * 10 + 1}–${total} de ${total}`);
    await page.getByRole('button', { name: 'Primera página' }).click();
    await page.getByRole('combobox', { name: 'Filas por página' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(range).toHaveText(`1–25 de ${total}`);

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('/seguridad/usuarios');
    const modulo = page.getByRole('row', { name: /\/seguridad\/usuarios/ });
    await expect(modulo).toHaveCount(1);
    await modulo.getByRole('button', { name: 'Consultar' }).click();
    const detail = page.getByRole('dialog', { name: 'Consultar Módulo' });
    await expect(detail).toContainText('Usuarios');
    await expect(detail).toContainText('updatePasw');
    await expect(detail.getByText('admin', { exact: true })).toBeVisible();
    await detail.getByRole('button', { name: 'Cerrar' }).click();
    await expect(detail).toBeHidden();
  });
});
