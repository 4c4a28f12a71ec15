// A PDF names each payment method by its label (packages/fiscal labels.ts), never by
// the wire code (TARJETA_DEBITO, CESTA_TICKETS).
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../src/documents/layout.ts';
import { sampleInvoice } from '../src/documents/sample.ts';
import { pdfToText } from './support/pdf-text.ts';

describe('PDF labels', () => {
  it('payment methods appear as words, not codes', async () => {
    const base = sampleInvoice({ lines: 1 });
    const doc = {
      ...base,
      payments: [
        { modo: 'TARJETA_DEBITO', monto: '10.00', divisa: 'VEF' },
        { modo: 'CESTA_TICKETS', monto: '5.00', divisa: 'VEF' },
      ],
    };
    const text = await pdfToText(await renderPdf(doc));
    expect(text).toContain('Tarjeta de débito');
    expect(text).toContain('Cesta tickets');
    expect(text).not.toContain('TARJETA_DEBITO');
    expect(text).not.toContain('CESTA_TICKETS');
  });
});
