import {
  caracasDate,
  checkHeader,
  checkIslrLine,
  checkIvaLine,
  type Decimal,
  dec,
  describeIssues,
  duplicateLineMessage,
  type IslrLineInput,
  type IvaLineInput,
  islrLineSchema,
  ivaLineSchema,
  money,
  taxUnitOn,
  WITHHOLDING_DOCUMENT_TYPE,
  type WithholdingHeaderInput,
  WithholdingRuleError,
  withholdingHeaderSchema,
  withholdingTotal,
} from '@sigece/fiscal';
import type { DbOrTx } from '../../db/client.ts';
import { DocumentRejected } from '../issuance/family.ts';
import { taxUnitValues } from '../reference/tax-units.ts';
import {
  conceptsByCode,
  tarifa2Accumulated,
  type WithholdingInsert,
  type WithholdingLineInsert,
} from './queries.ts';

/**
 * A voucher read, judged and priced before any lock: the header rules, then each line by
 * its model's rules (IVA: Providencia SNAT/2015/0049; ISLR: Decreto 1.808 with the UT in force on the
 * document's date), then the duplicate rule across the voucher's lines. What it returns is ready to store.
 */
export interface WithholdingDraft {
  header: WithholdingHeaderInput;
  voucher: Omit<WithholdingInsert, 'localidadId' | 'sucursalId'>;
  lines: WithholdingLineInsert[];
}

const rule = <T>(run: () => T): T => {
  try {
    return run();
  } catch (error) {
    if (error instanceof WithholdingRuleError) throw new DocumentRejected(error.message);
    throw error;
  }
};

function parseLine<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: Parameters<typeof describeIssues>[0] };
  },
  raw: unknown,
  i: number,
): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new DocumentRejected(
      describeIssues(parsed.error)
        .split('; ')
        .map((m) => `lstRetenciones[${i}].${m}`)
        .join('; '),
    );
  return parsed.data;
}

function ivaLines(h: WithholdingHeaderInput, today: string): WithholdingLineInsert[] {
  const parsed = h.lstRetenciones.map((raw, i) => parseLine<IvaLineInput>(ivaLineSchema, raw, i));
  const duplicate = duplicateLineMessage(parsed);
  if (duplicate) throw new DocumentRejected(duplicate);
  return parsed.map((l, i) => {
    const computed = rule(() => checkIvaLine(l, h.tasaRetencion!, today, `lstRetenciones[${i}]`));
    return {
      posicion: i + 1,
      fechaDocumento: l.fechaDocumento,
      nroDocumento: l.nroDocumento ?? null,
      nroControlDocumento: l.nroControlDocumento,
      nroNota: l.nroNota ?? null,
      nroDocumentoAfectado: l.nroDocumentoAfectado ?? null,
      tipoTransaccion: l.tipoTransaccion,
      montoTotalDocumento: l.montoTotalDocumento,
      compraExento: l.compraExento ?? '0',
      baseImponible: l.baseImponible,
      alicuota: l.alicuota,
      impuestoCausado: computed.impuestoCausado,
      impuestoRetenido: computed.impuestoRetenido,
    };
  });
}

/** The agent's company, for what depends on it (Tarifa N° 2's accumulated base). */
export type CompanyOf = (rif: string, codigoSucursal?: string) => Promise<{ localidadId: string }>;

async function islrLines(
  db: DbOrTx,
  h: WithholdingHeaderInput,
  today: string,
  companyOf?: CompanyOf,
): Promise<WithholdingLineInsert[]> {
  const parsed = h.lstRetenciones.map((raw, i) => parseLine<IslrLineInput>(islrLineSchema, raw, i));
  const duplicate = duplicateLineMessage(parsed.map((l) => ({ ...l, tipoTransaccion: '01-REG' as const })));
  if (duplicate) throw new DocumentRejected(duplicate);
  const [concepts, units] = await Promise.all([
    conceptsByCode(db, [...new Set(parsed.map((l) => l.conceptoIslr))]),
    taxUnitValues(db),
  ]);
  // Tarifa N° 2: what the supplier was already paid in the year, from the stored vouchers,
  // then each line of this voucher on top of the previous ones, in order.
  const accumulated = new Map<string, Decimal>();
  const needsYear = parsed.some((l) => concepts.get(l.conceptoIslr)?.tarifa2);
  const localidadId = needsYear && companyOf ? (await companyOf(h.rif, h.codigoSucursal)).localidadId : null;
  const priorOf = async (day: string) => {
    const year = day.slice(0, 4);
    let prior = accumulated.get(year);
    if (!prior) {
      prior = localidadId
        ? dec(await tarifa2Accumulated(db, localidadId, h.rifProveedor, `${year}-01-01`, `${year}-12-31`))
        : dec(0);
      accumulated.set(year, prior);
    }
    return prior;
  };
  const out: WithholdingLineInsert[] = [];
  for (const [i, l] of parsed.entries()) {
    const concept = concepts.get(l.conceptoIslr);
    const ut = taxUnitOn(units, l.fechaDocumento);
    const prior = concept?.tarifa2 ? await priorOf(l.fechaDocumento) : null;
    const computed = rule(() =>
      checkIslrLine(l, concept, ut, today, `lstRetenciones[${i}]`, { acumuladoPrevio: prior ?? 0 }),
    );
    if (prior) accumulated.set(l.fechaDocumento.slice(0, 4), prior.plus(computed.baseRetencion));
    out.push({
      posicion: i + 1,
      fechaDocumento: l.fechaDocumento,
      nroDocumento: l.nroDocumento,
      nroControlDocumento: l.nroControlDocumento,
      montoTotalDocumento: l.montoTotalDocumento,
      compraExento: l.compraExento ?? '0',
      baseImponible: l.baseImponible,
      impuestoRetenido: computed.retenido,
      conceptoIslr: l.conceptoIslr,
      concepto: concept!.concepto,
      porcentaje: computed.porcentaje,
      baseRetencion: computed.baseRetencion,
      sustraendo: computed.sustraendo,
      unidadTributaria: computed.ut,
      acumuladoPrevio: prior ? money(prior) : null,
      tramos: computed.tramos,
    });
  }
  return out;
}

/** Parses and judges one voucher as it arrived (API) or as the add page sends it. */
export async function draftOf(db: DbOrTx, raw: unknown, companyOf?: CompanyOf): Promise<WithholdingDraft> {
  const parsed = withholdingHeaderSchema.safeParse(raw);
  if (!parsed.success) throw new DocumentRejected(describeIssues(parsed.error));
  const h = parsed.data;
  rule(() => checkHeader(h));
  const today = caracasDate(new Date());
  const lines = h.modeloRetencion === 'IVA' ? ivaLines(h, today) : await islrLines(db, h, today, companyOf);
  const { lstRetenciones: _lines, ...known } = h;
  const extras = Object.fromEntries(
    Object.entries(known).filter(
      ([k]) =>
        ![
          'rif',
          'codigoSucursal',
          'periodoFiscalDel',
          'periodoFiscalAl',
          'rifProveedor',
          'identificacion',
          'direccion',
          'correo',
          'modeloRetencion',
          'tipoDocumento',
          'tasaRetencion',
          'facturaCompraId',
        ].includes(k),
    ),
  );
  return {
    header: h,
    voucher: {
      modelo: h.modeloRetencion,
      tipoDocumento: WITHHOLDING_DOCUMENT_TYPE[h.modeloRetencion],
      tasaRetencion: h.modeloRetencion === 'IVA' ? (h.tasaRetencion ?? null) : null,
      periodoDel: h.periodoFiscalDel,
      periodoAl: h.periodoFiscalAl,
      rifProveedor: h.rifProveedor,
      identificacion: h.identificacion,
      direccion: h.direccion,
      correo: h.correo,
      totalDocumentos: withholdingTotal(lines.map((l) => l.montoTotalDocumento)),
      totalBase: withholdingTotal(lines.map((l) => l.baseImponible)),
      totalCausado: withholdingTotal(lines.map((l) => l.impuestoCausado ?? l.impuestoRetenido)),
      totalRetenido: withholdingTotal(lines.map((l) => l.impuestoRetenido)),
      facturaCompraId: h.facturaCompraId ?? null,
      extras,
    },
    lines,
  };
}
