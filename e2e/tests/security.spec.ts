import { expect, test } from '@playwright/test';
import { accessToken, logout, mainMenu, openMenu, signIn, toast } from '../support/app.ts';

/**
 * Security journey (spec 000 §2, §5, §6, §8): the administrator creates a role that grants only part of
 * two screens and a user with that role; the user then sees only what the role grants, in the menu, on
 * the screens and in the API.
 */
test('a role grants only its modules and actions', async ({ page }) => {
  const run = Date.now().toString(36);
  const roleName = `Soporte ${run}`;
  const user = {
    documento: String(10_000_000 + (Date.now() % 89_999_999)).slice(0, 8),
    firstName: 'Ana',
    lastName: 'Pérez',
    alias: `soporte${run}`,
    email: `soporte.${run}@sigece.local`,
    password: 'Clave.Segura.2024',
  };

  await test.step('the administrator logs in and accepts the contract', async () => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Bienvenido a sigece' })).toBeVisible();
    await expect(
      page.getByRole('main').getByText('Sistema de Gestión de Comprobantes Electrónicos', { exact: true }),
    ).toBeVisible();
    // The master administrator sees every group of the menu.
    for (const group of ['Gestión', 'Reportes', 'Retenciones', 'Mantenimiento', 'Seguridad']) {
      await expect(mainMenu(page).getByRole('button', { name: group, exact: true })).toBeVisible();
    }
  });

  await test.step('an expired access token is renewed with the refresh token', async () => {
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('sigece.session') ?? '{}');
      session.access.token = 'caducado';
      localStorage.setItem('sigece.session', JSON.stringify(session));
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Bienvenido a sigece' })).toBeVisible();
    expect(await accessToken(page)).not.toBe('caducado');
  });

  await test.step('create a role: Usuarios with only "add", Roles with access and no actions', async () => {
    await openMenu(page, 'Seguridad', 'Roles');
    await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
    await page.getByRole('button', { name: 'Agregar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Rol' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Rol es requerido', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Descripcion del rol es requerido', { exact: true })).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Rol', exact: true }).fill(roleName);
    await dialog
      .getByRole('textbox', { name: 'Descripcion', exact: true })
      .fill('Crea usuarios y consulta roles');
    const usuarios = dialog.getByRole('group', { name: 'Usuarios', exact: true });
    await usuarios.getByRole('switch', { name: 'Acceso a Usuarios' }).check();
    await usuarios.getByRole('switch', { name: 'Nuevo usuario' }).check();
    await expect(usuarios.getByRole('switch', { name: 'Editar usuario' })).not.toBeChecked();
    const roles = dialog.getByRole('group', { name: 'Roles', exact: true });
    await roles.getByRole('switch', { name: 'Acceso a Roles' }).check();
    await expect(dialog.getByText('2 módulos seleccionados', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Guardar' }).click();

    await expect(toast(page, 'Rol registrado')).toBeVisible();
    await expect(dialog).toBeHidden();
    // New records appear at the top of the list.
    await expect(page.getByRole('row').nth(1)).toContainText(roleName);
  });

  await test.step('create a user with that role', async () => {
    await openMenu(page, 'Seguridad', 'Usuarios');
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
    await page.getByRole('button', { name: 'Agregar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Usuario' });
    await dialog.getByRole('textbox', { name: 'Número de documento' }).fill(`${user.documento}abc99`);
    // The document number takes 8 digits only.
    await expect(dialog.getByRole('textbox', { name: 'Número de documento' })).toHaveValue(user.documento);
    await dialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill(user.firstName);
    await dialog.getByRole('textbox', { name: 'Apellidos' }).fill(user.lastName);
    await dialog.getByRole('textbox', { name: 'Alias (Username)' }).fill(user.alias);
    await dialog.getByRole('textbox', { name: 'Correo' }).fill(user.email);
    await dialog.getByLabel(/^Contraseña/).fill(user.password);
    await dialog.getByLabel(/^Repetir contraseña/).fill('otra-cosa-123');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Passwords no Coinsiden', { exact: true })).toBeVisible();
    await expect(dialog.getByText('El rol es requerido', { exact: true })).toBeVisible();

    await dialog.getByLabel(/^Repetir contraseña/).fill(user.password);
    await dialog.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: roleName }).click();
    // The user works for one of the demo companies: users of other companies stay out of their lists.
    await dialog.getByRole('combobox', { name: 'Razón Social (Localidades)' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Usuario Registrado')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(user.alias) })).toBeVisible();
  });

  await test.step('log out; a wrong password says so once; log in with the alias', async () => {
    await logout(page);
    await page.goto('/login');
    await expect(page.getByLabel('Usuario / Correo electrónico')).toBeVisible();
    await page.getByLabel('Usuario / Correo electrónico').fill(user.alias);
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Usuario, correo o contraseña incorrectos' }),
    ).toHaveCount(1);
    // A toast would slide in a moment later and hide after 5 s: count once after a pause, without the
    // retrying assertion (which would wait for the toast to go away and pass).
    await page.waitForTimeout(1500);
    expect(await page.locator('#notistack-snackbar').count()).toBe(0);
    expect(await page.getByText('Usuario, correo o contraseña incorrectos', { exact: true }).count()).toBe(1);
    // The alias logs in as well as the e-mail.
    await signIn(page, user.alias, user.password);
  });

  await test.step('the menu shows only the granted entries', async () => {
    const menu = mainMenu(page);
    await expect(menu.getByRole('button', { name: 'Seguridad', exact: true })).toBeVisible();
    for (const group of ['Gestión', 'Reportes', 'Retenciones', 'Mantenimiento']) {
      await expect(menu.getByRole('button', { name: group, exact: true })).toHaveCount(0);
    }
    await menu.getByRole('button', { name: 'Seguridad', exact: true }).click();
    await expect(menu.getByRole('link', { name: 'Usuarios', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Roles', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Módulos', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Clientes', exact: true })).toHaveCount(0);
  });

  await test.step('the screens show only the granted buttons', async () => {
    await openMenu(page, 'Seguridad', 'Usuarios');
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(user.alias) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Agregar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Inactivar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).toHaveCount(0);
    // The dialog offers only what the server accepts from this user.
    await page.getByRole('button', { name: 'Agregar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Usuario' });
    await expect(dialog.getByText('Administrador maestro', { exact: true })).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'Rol' }).click();
    await expect(page.getByRole('option', { name: roleName })).toBeVisible();
    for (const broader of ['admin', 'user']) {
      await expect(page.getByRole('option', { name: broader, exact: true })).toHaveCount(0);
    }
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();

    await openMenu(page, 'Seguridad', 'Roles');
    await expect(page.getByRole('row', { name: new RegExp(roleName) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Agregar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Inactivar' })).toHaveCount(0);

    // A screen whose module the role lacks says so.
    for (const path of ['/seguridad/modulos', '/mantenimiento/Banco']) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { name: 'No tiene permiso para ver esta pantalla' }),
      ).toBeVisible();
    }
  });

  await test.step('the API refuses what the role does not grant', async () => {
    const headers = { Authorization: `Bearer ${await accessToken(page)}` };
    const allowed = await page.request.get('/v2/users/allUser?page=1&limit=10', { headers });
    expect(allowed.status()).toBe(200);
    const forbidden = await page.request.post('/v2/mantenimiento/roles/addrol', {
      headers,
      data: { rol: `Intruso ${run}`, descripcion: 'No debe crearse', modulo: [] },
    });
    expect(forbidden.status()).toBe(403);
    expect((await forbidden.json()).message).toBeTruthy();
  });

  await test.step('switch to English and back', async () => {
    await page.goto('/seguridad/usuarios');
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add' })).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Agregar' })).toBeVisible();
  });
});
