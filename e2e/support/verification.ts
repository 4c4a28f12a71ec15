import type { Page } from '@playwright/test';

/** The same PDF with one bit of a middle byte flipped: what the public page must refuse. */
export function alteredCopy(pdf: Buffer): Buffer {
  const altered = Buffer.from(pdf);
  const middle = Math.floor(altered.length / 2);
  altered[middle] = altered[middle] ^ 0x01;
  return altered;
}

/** On /certificar/{id}/{tipoDoc}: drop a PDF on the drop zone and press 'Validar Documento'. */
export async function validatePdf(visitor: Page, name: string, buffer: Buffer): Promise<void> {
  await visitor
    .getByLabel('Documento PDF a validar')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer });
  await visitor.getByRole('button', { name: 'Validar Documento' }).click();
}
