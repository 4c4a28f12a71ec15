// Item 13 of the hardening issue: a long string printed on a PDF froze the API (pdfkit wraps a word
// wider than its box one character at a time, in time quadratic in its length). Every printed field is
// now cut to PRINT_LIMITS and over-wide words are broken before layout. No timing assertion: before the
// fix the 100,000-character case took 30-40 s and the 1 MB case minutes, past the test's time limit.
import { describe, expect, it } from 'vitest';
import { breakLongWords, PRINT_LIMITS } from '../src/documents/bounds.ts';
import { renderPdf, sampleInvoice } from '../src/documents/index.ts';
import { pdfToText } from './support/pdf-text.ts';

/** The PDF's text without the line breaks and spaces the layout put in. */
const squeezed = async (pdf: Buffer) => (await pdfToText(pdf)).replace(/\s+/g, '');

describe('documents: long text', () => {
  it('prints a 100,000-character unknown field cut to its maximum, with an ellipsis', {
    timeout: 20_000,
  }, async () => {
    const doc = sampleInvoice({ lines: 2 });
    doc.extras = [...(doc.extras ?? []), { label: 'campoDesconocido', value: 'A'.repeat(100_000) }];
    const text = await squeezed(await renderPdf(doc));
    const kept = 'A'.repeat(PRINT_LIMITS.extraValue - 1);
    expect(text).toContain(`campoDesconocido:${kept}…`);
    expect(text).not.toContain('A'.repeat(PRINT_LIMITS.extraValue));
    // The rest of the document is still there.
    expect(text).toContain('TOTALAPAGAR');
  });

  it('prints 1 MB fields (description, customer name, observation) cut, on a normal page count', {
    timeout: 20_000,
  }, async () => {
    const doc = sampleInvoice({ lines: 2 });
    doc.lines[0].descripcion = 'B'.repeat(1_000_000);
    doc.customer.nombre = 'C'.repeat(1_000_000);
    doc.observacion = 'D'.repeat(1_000_000);
    doc.extras = [{ label: 'otro', value: 'E'.repeat(1_000_000) }];
    const pdf = await renderPdf(doc);
    const text = await squeezed(pdf);
    expect(text).toContain(`${'B'.repeat(PRINT_LIMITS.description - 1)}…`);
    expect(text).not.toContain('B'.repeat(PRINT_LIMITS.description));
    expect(text).toContain(`${'C'.repeat(PRINT_LIMITS.name - 1)}…`);
    expect(text).not.toContain('C'.repeat(PRINT_LIMITS.name));
    expect(text).toContain(`${'D'.repeat(PRINT_LIMITS.observation - 1)}…`);
    expect(text).toContain(`otro:${'E'.repeat(PRINT_LIMITS.extraValue - 1)}…`);
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBeLessThanOrEqual(3);
  });

  it('breaks a word wider than its box into pieces that fit, losing nothing', () => {
    const widthOf = (s: string) => s.length * 5; // 5 points a character
    const word = `inicio ${'x'.repeat(1_000)} fin`;
    const broken = breakLongWords(word, 100, widthOf);
    const pieces = broken.split(/[\s]+/);
    expect(pieces.every((p) => widthOf(p) <= 100)).toBe(true);
    expect(broken.replace(/\n/g, '')).toBe(word);
    // Words that fit are left as they are.
    expect(breakLongWords('Harina de maíz precocida', 100, widthOf)).toBe('Harina de maíz precocida');
  });
});
