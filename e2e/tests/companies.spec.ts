import { expect, type Page, test } from '@playwright/test';
import forge from 'node-forge';
import { accessToken, logout, mainMenu, openMenu, signIn, toast } from '../support/app.ts';

/** A small valid JPEG, drawn by the browser itself (a canvas rendered to image/jpeg). */
async function jpegLogo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#085c9f';
    ctx.fillRect(0, 0, 64, 64);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(16, 16, 32, 32);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1];
  });
  return Buffer.from(base64, 'base64');
}

/** A tiny PNG (1×1): what the logo input must refuse. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A real PKCS#12 key store (self-signed certificate and its key) under `alias`, protected by `password`. */
function keyStore(alias: string, password: string, commonName: string): Buffer {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '0a1b2c3d';
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  const attrs = [
    { name: 'commonName', value: commonName },
    { name: 'countryName', value: 'VE' },
    { name: 'organizationName', value: 'sigece e2e' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, {
    friendlyName: alias,
    algorithm: '3des',
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/**
 * Companies journey (spec 000 §2 "Company list", §4, §5, §7, §8): the administrator creates a company
 * with its logo, adds a branch, uploads its digital certificate (a wrong password is refused with the
 * server's Spanish message), switches its parameters, adds a third-party account, checks the detail,
 * inactivates and activates it; then usuario@sigece.local sees only Demo Comercial.
 */
test('the administrator sets up a company; a user sees only their own', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const nombre = `Comercial E2E ${run}, C.A.`;
  const rif = String(300_000_000 + (Date.now() % 99_999_999)).slice(0, 9);
  const row = page.getByRole('row', { name: new RegExp(nombre.replace(/[.,]/g, '.')) });

  await test.step('log in and open Razón Social', async () => {
    await signIn(page);
    await openMenu(page, 'Mantenimiento', 'Razón Social');
    await expect(page).toHaveURL(/\/mantenimiento\/Localidad$/);
    await expect(page.getByRole('heading', { name: 'Razón Social' })).toBeVisible();
    for (const header of ['Logo', 'RIF', 'Nombre', 'Estatus']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(page.getByText(/^1–\d+ de \d+$/)).toBeVisible();
  });

  await test.step('create a company: the validation messages of spec 000 §5, then the logo', async () => {
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Razón Social' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Es requerido', { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText('Debe Selecionar un Logo', { exact: true })).toBeVisible();

    await dialog.getByRole('textbox', { name: 'RIF' }).fill('12345abc');
    await expect(dialog.getByRole('textbox', { name: 'RIF' })).toHaveValue('12345');
    await dialog.getByRole('textbox', { name: 'Correo' }).fill('no-es-correo');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      dialog.getByText('debe ser mininmo 10 catacteres ej: J0000000-0', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByText('debe ser un correo valido', { exact: true })).toBeVisible();

    // A PNG is not a logo.
    await dialog
      .getByLabel('Logo (JPG)')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(
      dialog.getByText('Solo se Admiten archivos con formato .JPG', { exact: true }),
    ).toBeVisible();
    // Nor a JPEG of more than 200000 bytes.
    const heavy = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200_001)]);
    await dialog
      .getByLabel('Logo (JPG)')
      .setInputFiles({ name: 'pesado.jpg', mimeType: 'image/jpeg', buffer: heavy });
    await expect(dialog.getByText('El archivo es muy Pesado', { exact: true })).toBeVisible();

    await dialog.getByRole('textbox', { name: 'RIF' }).fill(rif);
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(nombre);
    await dialog.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Distrito Capital' }).click();
    await dialog.getByRole('combobox', { name: 'Municipio' }).click();
    await page.getByRole('option', { name: 'Libertador' }).click();
    await dialog.getByRole('textbox', { name: 'Dirección fiscal' }).fill('Av. Libertador, Torre E2E, piso 1');
    await dialog.getByRole('textbox', { name: 'Teléfono' }).fill('2125559999');
    await expect(dialog.getByRole('textbox', { name: 'Teléfono' })).toHaveValue('(212) 5559999');
    await dialog.getByRole('textbox', { name: 'Correo' }).fill(`e2e.${run}@example.com`);
    await dialog.getByRole('combobox', { name: 'Tipo de proveedor' }).click();
    await page.getByRole('option', { name: /^PJD/ }).click();
    await dialog.getByRole('combobox', { name: 'Contribuyente especial' }).click();
    await page.getByRole('option', { name: 'Si', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Aerolínea' }).click();
    await page.getByRole('option', { name: 'No', exact: true }).click();
    await dialog
      .getByLabel('Logo (JPG)')
      .setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await jpegLogo(page) });
    await expect(dialog.getByText('logo.jpg', { exact: true })).toBeVisible();
    await expect(dialog.getByText('El archivo es muy Pesado', { exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Guardar' }).click();

    await expect(toast(page, 'Localidad registrada')).toBeVisible();
    await expect(dialog).toBeHidden();
    // New records lead the list, with their logo.
    await expect(page.getByRole('row').nth(1)).toContainText(nombre);
    await expect(row).toContainText(`J-${rif}`);
    const logo = row.getByRole('img', { name: `Logo de ${nombre}` });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  });

  await test.step('the branches panel starts empty; add a branch from the row', async () => {
    await row.getByRole('button', { name: 'Ver detalle' }).click();
    await expect(page.getByText('Sin Sucursales', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Agregar Sucursal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Sucursal' });
    await expect(dialog.getByText(`Razón social: ${nombre}`)).toBeVisible();
    await expect(dialog.getByText('ej: (212) 5551234', { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Código de sucursal' }).fill('001');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Sucursal Este');
    await dialog.getByRole('textbox', { name: 'Dirección fiscal' }).fill('Av. Principal de Los Ruices');
    await dialog.getByRole('textbox', { name: 'Teléfono' }).fill('2125550001');
    await dialog.getByRole('textbox', { name: 'Correo' }).fill(`este.${run}@example.com`);
    // Estado and municipio come from the company.
    await expect(dialog.getByRole('combobox', { name: 'Estado' })).toHaveText('Distrito Capital');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Sucursal registrada')).toBeVisible();
    await expect(dialog).toBeHidden();
    const panel = page.getByRole('table', { name: 'Sucursales' });
    await expect(panel.getByRole('row', { name: /Sucursal Este/ })).toBeVisible();
  });

  await test.step('the digital certificate: checks, a wrong password, then the right one', async () => {
    const alias = 'sigece';
    const password = 'Clave.P12.2024';
    const p12 = keyStore(alias, password, `CERT ${nombre}`);
    await row.getByRole('button', { name: 'Certificado Electrónico' }).click();
    const dialog = page.getByRole('dialog', { name: 'Certificado Electrónico' });
    await dialog.getByRole('textbox', { name: 'Alias' }).fill(alias);
    await dialog.getByLabel(/^Contraseña/).fill(password);
    await dialog.getByLabel(/^Repetir contraseña/).fill('otra');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Passwords no Coinsiden', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Debe Selecionar un Certificado', { exact: true })).toBeVisible();

    await dialog.getByLabel(/^Contraseña/).fill('equivocada');
    await dialog.getByLabel(/^Repetir contraseña/).fill('equivocada');
    await dialog
      .getByLabel('Certificado (.p12 / .pfx)')
      .setInputFiles({ name: 'empresa.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('La contraseña del certificado no es correcta');
    await expect(toast(page, 'La contraseña del certificado no es correcta')).toBeVisible();

    await dialog.getByLabel(/^Contraseña/).fill(password);
    await dialog.getByLabel(/^Repetir contraseña/).fill(password);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Certificado registrada')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('parameters: e-mail sending and watermark', async () => {
    await row.getByRole('button', { name: 'Parámetros' }).click();
    const dialog = page.getByRole('dialog', { name: 'Parámetros' });
    const email = dialog.getByRole('switch', { name: 'Envío de facturas por correo' });
    const watermark = dialog.getByRole('switch', { name: 'Marca de agua en las facturas' });
    await expect(email).not.toBeChecked();
    await expect(watermark).not.toBeChecked();
    await email.check();
    await expect(toast(page, 'Parametros actualizados con exito !!!')).toBeVisible();
    await expect(email).toBeChecked();
    await expect(email).toBeEnabled();
    await watermark.check();
    await expect(watermark).toBeChecked();
    // Both switches are enabled again once the server answered.
    await expect(watermark).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();

    // Opened again, the switches show what the server keeps.
    await row.getByRole('button', { name: 'Parámetros' }).click();
    await expect(dialog.getByRole('switch', { name: 'Envío de facturas por correo' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Marca de agua en las facturas' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    const headers = { Authorization: `Bearer ${await accessToken(page)}` };
    const list = await page.request.get(
      `/v2/mantenimiento/localidad/getlocalidades?search=${encodeURIComponent(nombre)}`,
      { headers },
    );
    const [stored] = (await list.json()).results;
    expect(stored).toMatchObject({ nombre, envioEmail: true, marcaAguaFactura: true });
  });

  await test.step('a third-party account: add mode opens by itself, then the list', async () => {
    await row.getByRole('button', { name: 'Cuentas de Terceros' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cuentas de Terceros' });
    await expect(dialog.getByRole('heading', { name: 'Nueva cuenta de terceros' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('El domicilio es requerido', { exact: true })).toBeVisible();
    await expect(dialog.getByText('El Nombre Prestador  es requerido', { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'RIF Prestador' }).fill('123456789012');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('minimo valor requerido es 11 caracteres', { exact: true })).toBeVisible();

    await dialog.getByRole('textbox', { name: 'RIF Prestador' }).fill('401234567');
    await dialog.getByRole('textbox', { name: 'Nombre Prestador' }).fill('Transporte Andino, C.A.');
    await dialog.getByRole('textbox', { name: 'Domicilio Prestador' }).fill('Mérida, Av. Las Américas');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Cuenta de Terceros registrada')).toBeVisible();
    // Back in list mode.
    const account = dialog.getByRole('row', { name: /Transporte Andino/ });
    await expect(account).toContainText('J-401234567');
    await expect(dialog.getByRole('button', { name: 'Agregar cuenta' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  await test.step('the detail: data, certificate and the empty control-number blocks', async () => {
    await row.getByRole('button', { name: 'Consultar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Consultar Razón Social' });
    await expect(dialog.getByText(`J-${rif}`, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Distrito Capital', { exact: true })).toBeVisible();
    await expect(dialog.locator('[data-label="Contribuyente especial"]')).toHaveText('Si');
    await expect(dialog.locator('[data-label="Aerolínea"]')).toHaveText('No');
    await expect(dialog.locator('[data-label="Titular del certificado"]')).toContainText(`CN=CERT ${nombre}`);
    await expect(dialog.locator('[data-label="Vence"]')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    for (const banner of [
      'NO tiene Nro. De control Asignado para Factura',
      'NO tiene Nro. De control Asignado para Ordenes/Guias',
      'NO tiene Nro. De control Asignado para Retenciones',
    ]) {
      await expect(dialog.getByText(banner, { exact: true })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  await test.step('inactivate: the row loses its actions; Reactivar brings them back', async () => {
    await row.getByRole('button', { name: 'Inactivar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inactivar Razón Social' });
    await expect(dialog.getByRole('textbox', { name: 'Nombre' })).toHaveValue(nombre);
    await expect(dialog.getByRole('textbox', { name: 'Nombre' })).toHaveAttribute('readonly', '');
    await dialog.getByRole('button', { name: 'Inactivar' }).click();
    await expect(toast(page, 'Localidad Inactiva')).toBeVisible();
    await expect(row).toHaveAttribute('data-inactive', 'true');
    for (const gone of [
      'Editar',
      'Inactivar',
      'Agregar Sucursal',
      'Agregar Nro. de Control',
      'Certificado Electrónico',
      'Cuentas de Terceros',
    ]) {
      await expect(row.getByRole('button', { name: gone, exact: true })).toHaveCount(0);
    }
    await expect(row.getByRole('button', { name: 'Consultar' })).toBeVisible();
    await row.getByRole('button', { name: 'Reactivar' }).click();
    const activate = page.getByRole('dialog', { name: 'Activar Razón Social' });
    await activate.getByRole('button', { name: 'Activar' }).click();
    await expect(toast(page, 'Localidad fue Activada')).toBeVisible();
    await expect(row).not.toHaveAttribute('data-inactive', 'true');
    await expect(row.getByRole('button', { name: 'Editar' })).toBeVisible();
  });

  await test.step('usuario@sigece.local: no Razón Social screen, and only Demo Comercial', async () => {
    await logout(page);
    await signIn(page, 'usuario@sigece.local', 'usuario123');
    // Maintenance holds only the company's own products for them, not its companies.
    await mainMenu(page).getByRole('button', { name: 'Mantenimiento', exact: true }).click();
    await expect(mainMenu(page).getByRole('link', { name: 'Productos', exact: true })).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: 'Razón Social', exact: true })).toHaveCount(0);
    await page.goto('/mantenimiento/Localidad');
    await expect(page).toHaveURL(/\/mantenimiento\/Localidad$/);
    await expect(
      page.getByRole('heading', { name: 'No tiene permiso para ver esta pantalla' }),
    ).toBeVisible();

    const headers = { Authorization: `Bearer ${await accessToken(page)}` };
    const answer = await page.request.get('/v2/mantenimiento/localidad/getlocalidades?limit=100', {
      headers,
    });
    expect(answer.status()).toBe(200);
    const companies = (await answer.json()) as { results: Array<{ nombre: string }>; totalResults: number };
    expect(companies.results.map((c) => c.nombre)).toEqual(['Demo Comercial, C.A.']);
    expect(companies.totalResults).toBe(1);
  });
});
