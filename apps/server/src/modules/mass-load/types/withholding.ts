import {
  caracasDate,
  checkHeader,
  checkIvaLine,
  describeIssues,
  duplicateLineMessage,
  type IvaLineInput,
  islrLineSchema,
  ivaCaused,
  ivaLineSchema,
  ivaWithheld,
  type TransactionType,
  type WithholdingIngestAnswer,
  WithholdingRuleError,
  withholdingHeaderSchema,
} from '@sigece/fiscal';
import { withheldDocumentKey } from '../../withholdings/withheld-key.ts';
import { checkLineRow } from '../columns.ts';
import type { FileTypeDescriptor, Outcome, RowValues } from '../descriptor.ts';
import { throughKernel } from '../kernel.ts';
import { withholdingColumns } from './withholding-columns.ts';

/**
 * `retencion`: IVA and ISLR withholding vouchers, one row per withheld supplier document (rows sharing
 * `referencia` form one voucher), processed as POST /v2/retenciones/createRetencionMasivaExcel processes
 * them. The voucher and control numbers are the system's. IVA tax caused and withheld may be left empty:
 * they are computed here with the fiscal rules (and checked again by the family when sent).
 */

const isIva = (r: { modeloRetencion?: unknown }) => r.modeloRetencion === 'IVA';

function ivaLine(r: RowValues, rate: string | undefined) {
  const causado =
    r.impuestoCausado ?? (r.baseImponible && r.alicuota ? ivaCaused(r.baseImponible, r.alicuota) : undefined);
  return {
    fechaDocumento: r.fechaDocumento,
    tipoTransaccion: r.tipoTransaccion ?? '01-REG',
    nroDocumento: r.nroDocumento,
    nroControlDocumento: r.nroControlDocumento,
    nroNota: r.nroNota,
    nroDocumentoAfectado: r.nroDocumentoAfectado,
    montoTotalDocumento: r.montoTotalDocumento,
    compraExento: r.compraExento,
    baseImponible: r.baseImponible,
    alicuota: r.alicuota,
    impuestoCausado: causado,
    impuestoRetenido: r.impuestoRetenido ?? (causado && rate ? ivaWithheld(causado, rate) : undefined),
  };
}

const islrLine = (r: RowValues) => ({
  fechaDocumento: r.fechaDocumento,
  nroDocumento: r.nroDocumento,
  nroControlDocumento: r.nroControlDocumento,
  conceptoIslr: r.conceptoIslr,
  montoTotalDocumento: r.montoTotalDocumento,
  compraExento: r.compraExento,
  baseImponible: r.baseImponible,
  causadoRetenido: r.causadoRetenido,
});

/** The supplier documents a voucher withholds, as the withholdings module keys them. */
function withheldKeys(document: Record<string, unknown>): string[] {
  const lines = (document.lstRetenciones ?? []) as Array<Record<string, string | undefined>>;
  return lines.map((l) =>
    withheldDocumentKey({
      rifProveedor: String(document.rifProveedor ?? ''),
      modelo: String(document.modeloRetencion ?? ''),
      nroDocumento: l.nroDocumento,
      nroNota: l.nroNota,
      nroControlDocumento: l.nroControlDocumento ?? '',
      tipoTransaccion: isIva(document) ? l.tipoTransaccion : null,
    }),
  );
}

/** The voucher's header and lines by the family's schemas and its pure rules (the ISLR concept needs the database: checked when processed). */
function voucherProblem(document: Record<string, unknown>): string | null {
  const parsed = withholdingHeaderSchema.safeParse(document);
  if (!parsed.success) return describeIssues(parsed.error);
  const h = parsed.data;
  try {
    checkHeader(h);
    const lines = [];
    for (const [i, raw] of h.lstRetenciones.entries()) {
      const line = (isIva(h) ? ivaLineSchema : islrLineSchema).safeParse(raw);
      if (!line.success)
        return describeIssues(line.error)
          .split('; ')
          .map((m) => `lstRetenciones[${i}].${m}`)
          .join('; ');
      lines.push(line.data);
    }
    // ISLR lines have no transaction type: the family judges them as '01-REG' (withholdings/draft.ts).
    const duplicate = duplicateLineMessage(
      lines.map((l) => ({
        nroControlDocumento: l.nroControlDocumento,
        nroDocumento: l.nroDocumento as string | undefined,
        nroNota: l.nroNota as string | undefined,
        tipoTransaccion: (l.tipoTransaccion ?? '01-REG') as TransactionType,
      })),
    );
    if (duplicate) return duplicate;
    if (isIva(h))
      for (const [i, l] of lines.entries())
        checkIvaLine(l as IvaLineInput, h.tasaRetencion ?? '', caracasDate(), `lstRetenciones[${i}]`);
    return null;
  } catch (error) {
    if (error instanceof WithholdingRuleError) return error.message;
    throw error;
  }
}

const viaKernel = throughKernel<WithholdingIngestAnswer>('ret', {
  errors: (a) =>
    a.DetalleErrorRetencionesIva.map((e) => ({ posicion: e.posicion, numero: e.rifProveedor, msg: e.msg })),
  done: (a) =>
    a.DetalleretencionesProcesadas.map((d) => ({
      numero: d.nroComprobante,
      nroControl: d.NroControlComprobante,
      mensaje: `${d.msg}: comprobante N° ${d.nroComprobante}`,
    })),
  numberOf: (item) => String(item.rifProveedor ?? ''),
  inOrder: true,
});

export const withholdingFileType: FileTypeDescriptor = {
  tipo: 'retencion',
  nombre: 'Comprobantes de retención IVA e ISLR',
  numberColumn: 'referencia',
  columns: withholdingColumns,
  checkRow: checkLineRow,
  toDocument(rows, company) {
    const [first] = rows;
    const iva = isIva(first);
    return {
      rif: company.rif,
      codigoSucursal: first.codigoSucursal,
      periodoFiscalDel: first.periodoFiscalDel,
      periodoFiscalAl: first.periodoFiscalAl,
      rifProveedor: first.rifProveedor?.toUpperCase(),
      identificacion: first.identificacion,
      direccion: first.direccion,
      correo: first.correo,
      modeloRetencion: first.modeloRetencion,
      tasaRetencion: iva ? first.tasaRetencion : undefined,
      lstRetenciones: rows.map((r) => (iva ? ivaLine(r, first.tasaRetencion) : islrLine(r))),
    };
  },
  validate: voucherProblem,
  unique: {
    keys: withheldKeys,
    message: (fila) =>
      `Un documento de este comprobante ya se retiene en el comprobante de la fila ${fila} (mismo proveedor, número, número de control y tipo de transacción)`,
  },
  /**
   * A voucher withholding documents an active voucher of the company already withholds is reported as
   * existing and not sent: processing the same file twice, or resuming after a crash, stores nothing twice.
   */
  async process(deps, requester, items, load) {
    const docs = items as Array<Record<string, unknown>>;
    const suppliers = [...new Set(docs.map((d) => String(d.rifProveedor ?? '')))];
    // Imported here, not with the file type: the upload's parse thread never runs this.
    const { activeWithheldDocuments } = await import('../../withholdings/queries.ts');
    const existing = await activeWithheldDocuments(deps.db, load.localidadId, suppliers);
    const outcomes: Outcome[] = new Array(docs.length);
    const fresh: number[] = [];
    docs.forEach((d, i) => {
      const voucher = withheldKeys(d)
        .map((k) => existing.get(k))
        .find((v) => v !== undefined);
      if (voucher === undefined) fresh.push(i);
      else
        outcomes[i] = {
          estado: 'EXISTENTE',
          mensaje: `El comprobante de retención ya existe: N° ${voucher}`,
        };
    });
    if (fresh.length > 0) {
      const issued = await viaKernel(
        deps,
        requester,
        fresh.map((i) => docs[i]),
      );
      fresh.forEach((i, j) => {
        outcomes[i] = issued[j];
      });
    }
    return outcomes;
  },
  counters: {
    total: 'TotalRentecionIvaProcedas',
    created: 'totalRetencionesNew',
    failed: 'TotalRetencionIvaconError',
    errors: 'DetalleErrorRetencionesIva',
  },
};
