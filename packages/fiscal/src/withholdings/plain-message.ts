import type { LabelLanguage } from '../labels.ts';

/**
 * A withholding refusal told in the add page's words: the server names a line by its
 * position in the payload and a field by its wire name ('lstRetenciones[0]: El campo causadoRetenido
 * enviado (10.00) no coincide con el calculado (192.50)'); the user sees 'Documento 1: Impuesto de ISLR
 * causado y retenido: se indicó 10.00 y corresponde 192.50'. Labels are the add page's (spec 002 §2.3).
 */
export const WITHHOLDING_FIELD_LABELS: Record<string, { es: string; en: string }> = {
  fechaDocumento: { es: 'Fecha del Documento', en: 'Document date' },
  nroDocumento: { es: 'Nro de Documento', en: 'Document No.' },
  nroControlDocumento: { es: 'Nro de Control del Documento', en: 'Document control No.' },
  nroNota: { es: 'Nro de Nota', en: 'Note No.' },
  nroDocumentoAfectado: { es: 'Nro Documento Afectado', en: 'Affected document No.' },
  tipoTransaccion: { es: 'Tipo de Transacción', en: 'Transaction type' },
  montoTotalDocumento: { es: 'Monto Total del Documento', en: 'Document total' },
  compraExento: { es: 'Compras Exentas', en: 'Exempt purchases' },
  baseImponible: { es: 'Base Imponible', en: 'Taxable base' },
  alicuota: { es: 'Alícuota', en: 'Rate' },
  impuestoCausado: { es: 'Impuesto Causado', en: 'Tax incurred' },
  impuestoRetenido: { es: 'Impuesto Retenido', en: 'Tax withheld' },
  conceptoIslr: { es: 'Concepto de ISLR', en: 'ISLR concept' },
  causadoRetenido: { es: 'Impuesto de ISLR causado y retenido', en: 'ISLR withheld' },
  rifProveedor: { es: 'RIF del Proveedor', en: 'Supplier RIF' },
  periodoFiscalDel: { es: 'Período fiscal desde', en: 'Fiscal period from' },
  periodoFiscalAl: { es: 'Período fiscal hasta', en: 'Fiscal period to' },
  tasaRetencion: { es: 'Tasa de retención', en: 'Withholding rate' },
};

const LINE = /lstRetenciones\[(\d+)\](?:\.(\w+))?:?\s*/g;
const MISMATCH = /El campo (\w+) enviado \(([^)]*)\) no coincide con el calculado \(([^)]*)\)/g;

const labelOf = (field: string, language: LabelLanguage) =>
  Object.hasOwn(WITHHOLDING_FIELD_LABELS, field) ? WITHHOLDING_FIELD_LABELS[field][language] : field;

export function plainWithholdingMessage(message: string, language: LabelLanguage = 'es'): string {
  const document = language === 'en' ? 'Document' : 'Documento';
  return message
    .replace(LINE, (_m, index: string, field?: string) => {
      const where = `${document} ${Number(index) + 1}: `;
      return field ? `${where}${labelOf(field, language)}: ` : where;
    })
    .replace(MISMATCH, (_m, field: string, sent: string, expected: string) =>
      language === 'en'
        ? `${labelOf(field, language)}: ${sent} was given and ${expected} is due`
        : `${labelOf(field, language)}: se indicó ${sent} y corresponde ${expected}`,
    )
    .replace(
      /\b(\w+) (es requerido|no puede ser posterior a hoy|debe ser)/g,
      (m, field: string, rest: string) =>
        Object.hasOwn(WITHHOLDING_FIELD_LABELS, field) ? `${labelOf(field, language)} ${rest}` : m,
    );
}
