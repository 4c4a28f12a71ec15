import { type DocumentTotals, dec, money, sum, totalsWithCharges } from '@sigece/fiscal';
import type { Draft, DraftLine } from './draft.ts';

/**
 * The AEREA and LICORES invoice models on the new-invoice screen: their draft data, the
 * charges outside the taxable base an air ticket adds to the total, and what they add to the payload
 * (transporteAereo, licores, a line's licor: packages/fiscal/src/invoices/models.ts).
 */

export const MODEL_LIST_PATHS = { AEREA: '/facturacion/aereas', LICORES: '/facturacion/licores' } as const;
export type ListedModel = keyof typeof MODEL_LIST_PATHS;
export const isListedModel = (value: string | null | undefined): value is ListedModel =>
  value === 'AEREA' || value === 'LICORES';

export interface AirCharge {
  key: string;
  concepto: string;
  beneficiario: string;
  monto: string;
}

export interface AirDraft {
  pasajero: string;
  documentoPasajero: string;
  domicilioPasajero: string;
  telefonoPasajero: string;
  nroBoleto: string;
  codigoReserva: string;
  aerolinea: string;
  nroVuelo: string;
  origen: string;
  destino: string;
  fechaSalida: string;
  fechaRegreso: string;
  clase: string;
  cargos: AirCharge[];
}

export const CAPACITY_UNITS = ['L', 'CL', 'ML'] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];

export interface LiquorLineDraft {
  gradoAlcoholico: string;
  capacidad: string;
  unidadCapacidad: CapacityUnit;
  bandaGarantia: string;
}

export interface LiquorDraft {
  licenciaExpendio: string;
  licenciaComprador: string;
  /** A line's product data by the line's product id. */
  lineas: Record<string, LiquorLineDraft>;
}

/** Maximum characters of each field, as the server bounds them. */
export const AIR_LIMITS: Record<Exclude<keyof AirDraft, 'cargos'>, number> = {
  pasajero: 90,
  documentoPasajero: 20,
  domicilioPasajero: 200,
  telefonoPasajero: 20,
  nroBoleto: 20,
  codigoReserva: 10,
  aerolinea: 90,
  nroVuelo: 10,
  origen: 60,
  destino: 60,
  fechaSalida: 10,
  fechaRegreso: 10,
  clase: 20,
};
export const CHARGE_LIMITS = { concepto: 60, beneficiario: 90, max: 20 } as const;
export const LIQUOR_LIMITS = { licencia: 30, banda: 40 } as const;

export const emptyAirDraft = (): AirDraft => ({
  pasajero: '',
  documentoPasajero: '',
  domicilioPasajero: '',
  telefonoPasajero: '',
  nroBoleto: '',
  codigoReserva: '',
  aerolinea: '',
  nroVuelo: '',
  origen: '',
  destino: '',
  fechaSalida: '',
  fechaRegreso: '',
  clase: '',
  cargos: [],
});
export const emptyLiquorDraft = (): LiquorDraft => ({
  licenciaExpendio: '',
  licenciaComprador: '',
  lineas: {},
});
export const emptyLiquorLine = (): LiquorLineDraft => ({
  gradoAlcoholico: '',
  capacidad: '',
  unidadCapacidad: 'L',
  bandaGarantia: '',
});

const isAmount = (v: string) => /^\d+(\.\d+)?$/.test(v.trim());

/** The air ticket's charges outside the taxable base (0.00 for the other models). */
export function draftCharges(draft: Pick<Draft, 'modelo' | 'aereo'>): string {
  if (draft.modelo !== 'AEREA') return '0.00';
  return money(sum(draft.aereo.cargos.filter((c) => isAmount(c.monto)).map((c) => money(c.monto))));
}

/** The document totals with the charges in importeTotal (AEREA), as the server computes them. */
export function withModelCharges(
  draft: Pick<Draft, 'modelo' | 'aereo'>,
  totals: DocumentTotals,
): DocumentTotals & { totalCargos: string } {
  return totalsWithCharges(totals, draftCharges(draft));
}

/** Whether the model's required data is there: the passenger, ticket and route; the licence. */
export function modelComplete(draft: Pick<Draft, 'modelo' | 'aereo' | 'licores' | 'lines'>): boolean {
  if (draft.modelo === 'AEREA') {
    const a = draft.aereo;
    const required = [a.pasajero, a.documentoPasajero, a.nroBoleto, a.origen, a.destino, a.fechaSalida];
    return (
      required.every((v) => v.trim() !== '') && a.cargos.every((c) => c.concepto.trim() && isAmount(c.monto))
    );
  }
  if (draft.modelo === 'LICORES') {
    // Only the lines on the invoice: a removed product's data is left behind, unused.
    const lines = draft.lines.flatMap((l) => draft.licores.lineas[l.productId] ?? []);
    return (
      draft.licores.licenciaExpendio.trim() !== '' &&
      lines.every(
        (l) =>
          (l.gradoAlcoholico === '' && l.capacidad === '') ||
          (isAmount(l.gradoAlcoholico) &&
            dec(l.gradoAlcoholico).lte(100) &&
            isAmount(l.capacidad) &&
            dec(l.capacidad).gt(0)),
      )
    );
  }
  return true;
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/** The header fields the model adds to the payload. */
export function modelPayload(draft: Pick<Draft, 'modelo' | 'aereo' | 'licores'>) {
  if (draft.modelo === 'AEREA') {
    const a = draft.aereo;
    return {
      transporteAereo: {
        pasajero: a.pasajero.trim(),
        documentoPasajero: a.documentoPasajero.trim(),
        domicilioPasajero: optional(a.domicilioPasajero),
        telefonoPasajero: optional(a.telefonoPasajero),
        nroBoleto: a.nroBoleto.trim(),
        codigoReserva: optional(a.codigoReserva),
        aerolinea: optional(a.aerolinea),
        nroVuelo: optional(a.nroVuelo),
        origen: a.origen.trim(),
        destino: a.destino.trim(),
        fechaSalida: a.fechaSalida,
        fechaRegreso: optional(a.fechaRegreso),
        clase: optional(a.clase),
        lstCargos: a.cargos.map((c) => ({
          concepto: c.concepto.trim(),
          beneficiario: optional(c.beneficiario),
          monto: c.monto.trim(),
        })),
      },
    };
  }
  if (draft.modelo === 'LICORES')
    return {
      licores: {
        licenciaExpendio: draft.licores.licenciaExpendio.trim(),
        licenciaComprador: optional(draft.licores.licenciaComprador),
      },
    };
  return {};
}

/** A line's LICORES product data for the payload, when the user gave it. */
export function lineModelPayload(draft: Pick<Draft, 'modelo' | 'licores'>, line: DraftLine) {
  const data = draft.modelo === 'LICORES' ? draft.licores.lineas[line.productId] : undefined;
  if (!data?.gradoAlcoholico || !data.capacidad) return {};
  return {
    licor: {
      gradoAlcoholico: data.gradoAlcoholico,
      capacidad: data.capacidad,
      unidadCapacidad: data.unidadCapacidad,
      bandaGarantia: optional(data.bandaGarantia),
    },
  };
}
