import { expect, test } from '@playwright/test';
import { signIn } from '../support/app.ts';
import { esCents, generateBookPdf, monthBookSoFar } from '../support/books.ts';

/**
 * Purchase-book journey: a purchase of Demo Comercial (1 × 100,00 +
 * 16 %, 1 × 50,00 exempt, 1 × 30,00 exonerated and 1 × 200,00 + 16 % without right to crédito fiscal =
 * 116,00 + 50,00 + 30,00 + 232,00 = 428,00) is recorded through /v2/facturaCompra/crear; the month's book
 * generated on /reportes/libroCompras shows its PDF inline and a summary whose total grew by exactly
 * 428,00, its exempt purchases by 50,00, its exonerated by 30,00 and those without right to credit by 232,00.
 */

const RIF = 'J-123456789';
const COMPANY = 'Demo Comercial, C.A.';

test("generate the month's purchase book, see its preview and totals", async ({ page }) => {
  test.setTimeout(300_000);
  const run = String(Date.now());
  let before = { total: 0, exento: 0, exonerado: 0, sinDerecho: 0 };

  await test.step('log in, read the book so far and record a purchase', async () => {
    await signIn(page);
    const { companyId, headers, libro, today } = await monthBookSoFar(page, 'getLibroComprasExcel', RIF);
    before = {
      total: Math.round(Number(libro.totalCompras) * 100),
      exento: Math.round(Number(libro.totalExento) * 100),
      exonerado: Math.round(Number(libro.totalExonerado) * 100),
      sinDerecho: Math.round(Number(libro.totalSinDerecho) * 100),
    };
    const saved = await page.request.post('/v2/facturaCompra/crear', {
      headers,
      data: {
        id_localidad: companyId,
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
          {
            concepto: 'Medicinas',
            cantidad: '1',
            unidadMedida: 'UNIDAD',
            precio: '30',
            alicuota: '0',
            exento: true,
            tratamientoIva: 'EXONERADO',
          },
          {
            concepto: 'Obsequios',
            cantidad: '1',
            unidadMedida: 'UNIDAD',
            precio: '200',
            alicuota: '16',
            tratamientoIva: 'SIN_DERECHO',
          },
        ],
        lstPagos: [],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  });

  await test.step('the menu leads to the screen; generate the PDF: inline preview and the summary', async () => {
    await generateBookPdf(page, {
      path: '/reportes/libroCompras',
      title: 'Libro de Compras',
      company: COMPANY,
      previewTestId: 'purchase-book-pdf',
    });
    await expect(page.getByTestId('total-totalCompras')).toHaveText(esCents(before.total + 42_800));
    await expect(page.getByTestId('total-exento')).toHaveText(esCents(before.exento + 5_000));
    await expect(page.getByTestId('total-exonerado')).toHaveText(esCents(before.exonerado + 3_000));
    await expect(page.getByTestId('total-sinDerecho')).toHaveText(esCents(before.sinDerecho + 23_200));
  });
});
