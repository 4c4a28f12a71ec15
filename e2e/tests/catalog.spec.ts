import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatAmount } from '@sigece/fiscal';
import { ADMIN, accessToken, logout, mainMenu, openMenu, signIn, toast } from '../support/app.ts';

const USUARIO = { email: 'usuario@sigece.local', password: 'usuario123' };
const DEMO = 'Demo Comercial';

interface Company {
  id: string;
  nombre: string;
}

async function authHeaders(page: Page) {
  return { Authorization: `Bearer ${await accessToken(page)}` };
}

/** GET a JSON answer with the browser session's token. */
async function getJson<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  const response = await page.request.get(path, { headers: await authHeaders(page) });
  return { status: response.status(), body: (await response.json()) as T };
}

/** Picks an option of a MUI select (combobox) by its accessible names. */
async function choose(scope: Locator, page: Page, combobox: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * Reference-data journey (spec 002 §2.10, §2.11, §4, §5; spec 000 "Banks", "Currencies"): the
 * administrator creates a product and a client of Demo Comercial, finds both as the pickers do,
 * inactivates and reactivates a bank and records an exchange rate; the company user then sees only
 * Demo Comercial's data.
 */
test('reference data: product, client, bank, exchange rate and tenancy', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36).toUpperCase();
  const productCode = `E2E-${run}`;
  const productName = `Servicio de impresión ${run}`;
  const documento = String(Date.now()).slice(-9).replace(/^0/, '1');
  const clientName = `Cliente Prueba ${run}`;
  const rateDay = String(1 + (Date.now() % 27)).padStart(2, '0');
  const rateValue = `12.${String((Date.now() % 9000) + 1000)}`;
  let demo: Company;

  await test.step('the administrator logs in', async () => {
    await signIn(page);
    const companies = await getJson<{ results: Company[] }>(
      page,
      '/v2/mantenimiento/localidad/getlocalidades/?limit=500',
    );
    const found = companies.body.results.find((c) => c.nombre.startsWith(DEMO));
    expect(found).toBeTruthy();
    demo = found as Company;
  });

  await test.step('create a product of Demo Comercial taxed 16 %', async () => {
    await openMenu(page, 'Mantenimiento', 'Productos');
    await expect(page.getByRole('heading', { name: 'Productos' })).toBeVisible();
    await page.getByRole('button', { name: 'Agregar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Producto' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Debe Ingresar la descripción del producto')).toBeVisible();

    await choose(dialog, page, 'Razón social', new RegExp(`^${DEMO}`));
    await dialog.getByRole('textbox', { name: 'Código' }).fill(productCode);
    await dialog.getByRole('textbox', { name: 'Descripción' }).fill(productName);
    await dialog.getByRole('textbox', { name: 'Stock' }).fill('25');
    await choose(dialog, page, 'Tipo de alícuota', 'Alícuota general (16.00 %)');
    // Every price at zero (spec 002 §5).
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Debe Ingresar el precio del producto')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Precio Bs.' }).fill('1500,50');
    await dialog.getByRole('textbox', { name: 'Precio USD' }).fill('40');

    // Exento and Exonerado exclude each other and switch the tax-rate select off (spec 002 §4).
    const exento = dialog.getByRole('checkbox', { name: 'Exento' });
    const exonerado = dialog.getByRole('checkbox', { name: 'Exonerado' });
    const tax = dialog.getByRole('combobox', { name: 'Tipo de alícuota' });
    await choose(dialog, page, 'Tipo de alícuota', 'Alícuota reducida (8.00 %)');
    await exento.check();
    await expect(exonerado).toBeDisabled();
    await expect(tax).toHaveAttribute('aria-disabled', 'true');
    await expect(tax).not.toContainText('Alícuota reducida');
    await exento.uncheck();
    await expect(exonerado).toBeEnabled();
    await choose(dialog, page, 'Tipo de alícuota', 'Alícuota general (16.00 %)');
    await dialog.getByRole('button', { name: 'Guardar' }).click();

    await expect(toast(page, 'Producto Registrado!!!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').nth(1);
    await expect(row).toContainText(productCode);
    await expect(row).toContainText('Alícuota general');

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(productCode);
    await expect(page.getByRole('row', { name: new RegExp(productCode) })).toHaveCount(1);
    await page
      .getByRole('row', { name: new RegExp(productCode) })
      .getByRole('button', { name: 'Ver detalle' })
      .click();
    await expect(page.getByText('1.500,50 Bs.')).toBeVisible();
    await expect(page.getByText('Alícuota general (16.00 %)')).toBeVisible();
  });

  await test.step('create a client of Demo Comercial', async () => {
    await openMenu(page, 'Seguridad', 'Clientes');
    await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
    await page.getByRole('button', { name: 'Agregar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Cliente' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Debe Seleccionarun tipo')).toBeVisible();

    await choose(dialog, page, 'Razón social', new RegExp(`^${DEMO}`));
    await choose(dialog, page, 'Tipo', 'V - Venezolano');
    // Only digits are kept (at most 9).
    const numero = dialog.getByRole('textbox', { name: 'Número de documento' });
    await numero.fill(`V-${documento}99`);
    await expect(numero).toHaveValue(documento);
    await dialog.getByRole('textbox', { name: 'Nombre o razón social' }).fill(clientName);
    await dialog.getByRole('textbox', { name: 'Correo', exact: true }).fill('cliente-sin-arroba');
    await dialog.getByRole('textbox', { name: 'Dirección' }).fill('Av. Urdaneta, Caracas');
    const movil = dialog.getByRole('textbox', { name: 'Teléfono móvil' });
    await movil.fill('4141234567');
    await expect(movil).toHaveValue('(414) 1234567');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Debe ser un Email válido')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Correo', exact: true })
      .fill(`cliente.${run.toLowerCase()}@example.com`);
    await dialog.getByRole('button', { name: 'Guardar' }).click();

    await expect(toast(page, 'Guardado').last()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').nth(1)).toContainText(clientName);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(documento);
    const row = page.getByRole('row', { name: new RegExp(clientName) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`V-${documento}`);
    await expect(row).toContainText(DEMO);
  });

  await test.step('the pickers find both (GET buscar and prductosbylocalidad)', async () => {
    const prefix = documento.slice(0, 7);
    const clients = await getJson<{ results: Array<{ etiqueta: string }> }>(
      page,
      `/v2/mantenimiento/cliente/buscar?localidad=${demo.id}&q=${prefix}`,
    );
    expect(clients.status).toBe(200);
    expect(clients.body.results.length).toBeLessThanOrEqual(10);
    expect(clients.body.results.map((c) => c.etiqueta)).toContain(`V-${documento} / ${clientName}`);

    const products = await getJson<{ results: Array<{ codigo: string; precioDivisa: string }> }>(
      page,
      `/v2/mantenimiento/producto/prductosbylocalidad/${demo.id}/divisa/USD?search=${productCode}`,
    );
    expect(products.status).toBe(200);
    const product = products.body.results.find((p) => p.codigo === productCode);
    expect(product).toBeTruthy();
    expect(Number(product?.precioDivisa)).toBe(40);
  });

  await test.step('inactivate (with confirmation) and reactivate a bank', async () => {
    await openMenu(page, 'Mantenimiento', 'Banco');
    await expect(page.getByRole('heading', { name: 'Bancos' })).toBeVisible();
    await expect(page.getByRole('columnheader').first()).toHaveText('Banco');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('0114');
    const row = page.getByRole('row', { name: /Bancaribe/ });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Inactivar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Inactivar' });
    await expect(confirm).toContainText('Bancaribe');
    await confirm.getByRole('button', { name: 'Inactivar' }).click();
    await expect(toast(page, 'Inactivado: Bancaribe')).toBeVisible();
    await expect(row).toContainText('Inactivo');
    await expect(row.getByRole('button', { name: 'Editar' })).toBeHidden();
    // Activating acts directly (spec 002 §4).
    await row.getByRole('button', { name: 'Reactivar' }).click();
    await expect(
      page.locator('#notistack-snackbar').filter({ hasText: /^Activado: Bancaribe/ }),
    ).toBeVisible();
    await expect(row).not.toContainText('Inactivo');
    await expect(row.getByRole('button', { name: 'Inactivar' })).toBeVisible();
  });

  await test.step('record a manual exchange rate and find it in the history', async () => {
    await openMenu(page, 'Mantenimiento', 'Tasa Cambio');
    await expect(page.getByRole('heading', { name: 'Tasa Cambio' })).toBeVisible();
    await page.getByRole('button', { name: 'Registrar tasa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar Tasa de Cambio' });
    await expect(dialog.getByRole('combobox', { name: 'Divisa' })).toContainText('USD');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('La tasa debe ser un número positivo')).toBeVisible();
    // A past day: today's official rate (used by invoices) stays as it is.
    await dialog.getByLabel(/^Fecha/).fill(`2020-02-${rateDay}`);
    await dialog.getByRole('textbox', { name: 'Tasa en Bs. por unidad' }).fill(rateValue);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Guardado').last()).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('USD');
    const row = page.getByRole('row', { name: new RegExp(`${rateDay}/02/2020`) });
    await expect(row).toHaveCount(1);
    // On screen a rate has 2 decimals, es-VE; the exact value stays in the cell's title.
    await expect(row).toContainText(`${formatAmount(rateValue)} Bs.`);
    await expect(row.locator(`[title^="${rateValue}"]`)).toHaveCount(1);
    await expect(row).toContainText('Manual');
    await expect(row).toContainText(ADMIN.email);
  });

  await test.step('tax types show their values; the ISLR concepts show their count', async () => {
    await openMenu(page, 'Mantenimiento', 'Tipo Gravamen');
    await expect(page.getByRole('heading', { name: 'Tipos Alicuotas' })).toBeVisible();
    const general = page.getByRole('row', { name: /Alícuota general Si/ });
    await general.getByRole('button', { name: 'Ver detalle' }).click();
    const values = page.getByRole('table', { name: 'Valores Gravamenes' });
    await expect(values).toContainText('16.00 %');

    await openMenu(page, 'Retenciones', 'Conceptos ISLR');
    await expect(page.getByRole('heading', { name: /^Conceptos ISLR \(\d+\)$/ })).toBeVisible();
  });

  await test.step('the company user sees only Demo Comercial', async () => {
    await logout(page);
    await signIn(page, USUARIO.email, USUARIO.password);
    // Their Maintenance menu holds their company's products only: no shared data.
    await mainMenu(page).getByRole('button', { name: 'Mantenimiento', exact: true }).click();
    await expect(mainMenu(page).getByRole('link', { name: 'Productos', exact: true })).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: 'Banco', exact: true })).toHaveCount(0);

    const companies = await getJson<{ results: Company[] }>(
      page,
      '/v2/mantenimiento/localidad/getlocalidades/?limit=500',
    );
    expect(companies.status).toBe(200);
    expect(companies.body.results.length).toBeGreaterThan(0);
    for (const c of companies.body.results) expect(c.id).toBe(demo.id);

    const clients = await getJson<{ results: Array<{ id_localidad: string; identificacion: string }> }>(
      page,
      '/v2/mantenimiento/cliente/getclientes?limit=500',
    );
    expect(clients.status).toBe(200);
    expect(clients.body.results.map((c) => c.identificacion)).toContain(clientName);
    for (const c of clients.body.results) expect(c.id_localidad).toBe(demo.id);

    const products = await getJson<{ results: Array<{ id_localidad: { id: string }; codigo: string }> }>(
      page,
      '/v2/mantenimiento/producto/getproductos?limit=500',
    );
    expect(products.status).toBe(200);
    expect(products.body.results.map((p) => p.codigo)).toContain(productCode);
    for (const p of products.body.results) expect(p.id_localidad.id).toBe(demo.id);

    // The user's picker works for Demo Comercial.
    const picker = await getJson<{ results: Array<{ etiqueta: string }> }>(
      page,
      `/v2/mantenimiento/cliente/buscar?localidad=${demo.id}&q=${documento}`,
    );
    expect(picker.body.results.map((c) => c.etiqueta)).toEqual([`V-${documento} / ${clientName}`]);
  });
});
