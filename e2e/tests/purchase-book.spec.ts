import { expect, test } from '@playwright/test';
import { accessToken, signIn } from '../support/app.ts';

/**
 * Purchase-book journey (issue 12 item 2): a purchase of Demo Comercial (1 × 100,00 + 16 % and 1 × 50,00
 * exempt = 166,00) is recorded through /v2/facturaCompra/crear; the month's book generated on
 * /reportes/libroCompras shows its PDF inline and a summary whose total grew by exactly 166,00 and whose
 * exempt purchases by 50,00.
 */

const RIF = 'J-123456789';
const COMPANY = 'Demo Comercial, C.A.';

/** Cents as the summary card shows them: 123456 → "1.234,56". */
const es = (cents: number) => {
  const [int, frac] = (cents / 100).toFixed(2).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac}`;
};

test("generate the month's purchase book, see its preview and totals", async ({ page }) => {
  test.setTimeout(300_000);
  const run = String(Date.now());
  let before = { total: 0, exento: 0 };

  await test.step('log in, read the book so far and record a purchase', async () => {
    await signIn(page);
    const headers = { Authorization: `Bearer ${await accessToken(page)}` };
    const companies = await page.request.get('/v2/mantenimiento/localidad/getlocalidades/', {
      headers,
      params: { limit: 500 },
    });
    const company = ((await companies.json()).results as Array<{ id: string; rif: string }>).find(
      (c) => c.rif === RIF,
    );
    expect(company).toBeDefined();
    // The screen's default: the current month in Caracas (UTC−4).
    const today = new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);
    const last = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).getUTCDate();
    const book = await page.request.get('/v2/mantenimiento/reportes/getLibroComprasExcel', {
      headers,
      params: {
        fechaInicio: `${today.slice(0, 7)}-01`,
        fechaFin: `${today.slice(0, 7)}-${last}`,
        id_localidad: company!.id,
      },
    });
    expect(book.status()).toBe(200);
    const libro = (await book.json()).libro;
    before = {
      total: Math.round(Number(libro.totalCompras) * 100),
      exento: Math.round(Number(libro.totalExento) * 100),
    };
    const saved = await page.request.post('/v2/facturaCompra/crear', {
      headers,
      data: {
        id_localidad: company!.id,
        proveedor: {
          tipoDocumento: 'J',
          numeroDocumento: `3${run.slice(-8)}`,
          identificacion: 'Suministros del Journey, C.A.',
        },
        nroControl: `00-${run.slice(-8)}`,
        nroFactura: `C${run.slice(-8)}`,
        fechaFactura: today,
        tipoCompra: 'INTERNA',
        lstDetalles: [
          { concepto: 'Tóner', cantidad: '1', unidadMedida: 'UNIDAD', precio: '100', alicuota: '16' },
          {
            concepto: 'Libros',
            cantidad: '1',
            unidadMedida: 'UNIDAD',
            precio: '50',
            alicuota: '16',
            exento: true,
          },
        ],
        lstPagos: [],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  });

  await test.step('the menu leads to the screen; generate the PDF: inline preview and the summary', async () => {
    await page.goto('/reportes/libroCompras');
    await expect(page.getByRole('heading', { name: 'Libro de Compras', level: 1 })).toBeVisible({
      timeout: 60_000,
    });
    const generator = page.getByRole('region', { name: 'Generar Libro de Compras' });
    const pdf = generator.getByRole('button', { name: 'Generar PDF' });
    await expect(pdf).toBeDisabled();
    await generator.getByRole('combobox', { name: 'Razón Social' }).click();
    await page.getByRole('option', { name: new RegExp(COMPANY) }).click();
    await expect(pdf).toBeEnabled();
    await pdf.click();
    await expect(page.getByTestId('purchase-book-pdf')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('total-totalCompras')).toHaveText(es(before.total + 16_600));
    await expect(page.getByTestId('total-exento')).toHaveText(es(before.exento + 5_000));
  });
});
