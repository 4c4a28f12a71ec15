import { expect, type Page } from '@playwright/test';
import { accessToken } from './app.ts';

/** Cents as the books' summary cards show them: 123456 → "1.234,56". */
export function esCents(cents: number): string {
  const [int, frac] = (cents / 100).toFixed(2).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac}`;
}

/**
 * Reads a book of the current Caracas month (the screens' default) through its spreadsheet route
 * (`getLibroVentasExcel`, `getLibroComprasExcel`) for the company of `rif`, so a journey knows the totals
 * before it adds a document. Returns the company's id, the session's headers, the Caracas day and `libro`.
 */
export async function monthBookSoFar(page: Page, route: string, rif: string) {
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const companies = await page.request.get('/v2/mantenimiento/localidad/getlocalidades/', {
    headers,
    params: { limit: 500 },
  });
  const company = ((await companies.json()).results as Array<{ id: string; rif: string }>).find(
    (c) => c.rif === rif,
  );
  expect(company).toBeDefined();
  const today = new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).getUTCDate();
  const book = await page.request.get(`/v2/mantenimiento/reportes/${route}`, {
    headers,
    params: {
      fechaInicio: `${today.slice(0, 7)}-01`,
      fechaFin: `${today.slice(0, 7)}-${last}`,
      id_localidad: company!.id,
    },
  });
  expect(book.status()).toBe(200);
  return { companyId: company!.id, headers, today, libro: (await book.json()).libro };
}

/**
 * Opens a book's screen (`path`, titled `title`), chooses `company` in its generator card and generates
 * the PDF: the button waits for a company, then the inline preview (`previewTestId`) appears.
 */
export async function generateBookPdf(
  page: Page,
  book: { path: string; title: string; company: string; previewTestId: string },
) {
  await page.goto(book.path);
  await expect(page.getByRole('heading', { name: book.title, level: 1 })).toBeVisible({ timeout: 60_000 });
  const generator = page.getByRole('region', { name: `Generar ${book.title}` });
  const pdf = generator.getByRole('button', { name: 'Generar PDF' });
  await expect(pdf).toBeDisabled();
  await generator.getByRole('combobox', { name: 'Razón Social' }).click();
  await page.getByRole('option', { name: new RegExp(book.company) }).click();
  await expect(pdf).toBeEnabled();
  await pdf.click();
  await expect(page.getByTestId(book.previewTestId)).toBeVisible({ timeout: 60_000 });
}
