import { expect, type Page } from '@playwright/test';

/**
 * The invoice desk's 'Agregar producto' dialog (spec 001 §4.1): a product picked by its code, an optional
 * quantity and percentage discount, added. `discountWaits` also checks that the discount radios stay
 * disabled until a product is chosen.
 */
export async function addProduct(
  page: Page,
  code: string,
  options: { cantidad?: string; percent?: string; discountWaits?: boolean } = {},
) {
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar Producto' });
  if (options.discountWaits) await expect(dialog.getByRole('radio', { name: 'Sin Desc.' })).toBeDisabled();
  await dialog.getByTestId('product-picker-input').fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code} - `) }).click();
  if (options.discountWaits) await expect(dialog.getByRole('radio', { name: 'Sin Desc.' })).toBeEnabled();
  if (options.cantidad) await dialog.getByRole('textbox', { name: 'Cantidad' }).fill(options.cantidad);
  if (options.percent) {
    await dialog.getByLabel('%', { exact: true }).check();
    await dialog.getByRole('textbox', { name: /Descuento/ }).fill(options.percent);
  }
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog).toBeHidden();
}
