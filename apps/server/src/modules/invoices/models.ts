import {
  airCharges,
  type InvoiceInput,
  type InvoiceModelData,
  type DocumentTotals as InvoiceTotals,
  invoiceModelProblem,
  liquorLineText,
  totalsWithCharges,
} from '@sigece/fiscal';
import { formatDate } from '../../documents/format.ts';
import type { DocumentCharge, DocumentSection } from '../../documents/index.ts';
import { DocumentRejected } from '../issuance/family.ts';

/**
 * The invoice models AEREA and LICORES as hooks of the invoice family: what they add
 * when an invoice is prepared (their data checked, the charges outside the taxable base priced), what
 * the detail returns and what the PDF prints. The rules and their legal sources are in
 * packages/fiscal/src/invoices/models.ts; GENERAL and SERVICIO invoices pass through unchanged.
 */

export interface PreparedModel {
  /** The totals to compare and store: with the charges in importeTotal for AEREA. */
  totals: InvoiceTotals;
  totalCargos: string;
  datosModelo: InvoiceModelData | null;
}

/** Checks the model's data and prices its charges; throws `DocumentRejected` with the Spanish message. */
export function prepareInvoiceModel(input: InvoiceInput, totals: InvoiceTotals): PreparedModel {
  const problem = invoiceModelProblem(input);
  if (problem) throw new DocumentRejected(problem);
  if (input.modeloFactura === 'AEREA' && input.transporteAereo) {
    const { lstCargos, ...air } = input.transporteAereo;
    let charges: ReturnType<typeof airCharges>;
    try {
      charges = airCharges(lstCargos);
    } catch (error) {
      throw new DocumentRejected((error as Error).message);
    }
    const withCharges = totalsWithCharges(totals, charges.totalCargos);
    return {
      totals: withCharges,
      totalCargos: charges.totalCargos,
      datosModelo: { transporteAereo: { ...air, ...charges } },
    };
  }
  if (input.modeloFactura === 'LICORES' && input.licores) {
    const lineas = input.lstDetallesFacturaGeneral.flatMap((l, i) =>
      l.licor ? [{ posicion: i + 1, licor: l.licor }] : [],
    );
    return { totals, totalCargos: '0.00', datosModelo: { licores: input.licores, lineas } };
  }
  return { totals, totalCargos: '0.00', datosModelo: null };
}

/** The model's data as the invoice detail returns it (beside the general fields). */
export function invoiceModelDetail(row: { datosModelo: InvoiceModelData | null; totalCargos: string }) {
  const data = row.datosModelo;
  return {
    totalCargos: row.totalCargos,
    transporteAereo: data?.transporteAereo ?? null,
    licores: data?.licores ?? null,
  };
}

/** A line's LICORES product data by its position (from 1), for the detail. */
export function lineModelData(data: InvoiceModelData | null, posicion: number) {
  const found = data?.lineas?.find((l) => l.posicion === posicion);
  return found ? { licor: found.licor } : {};
}

const AIR_TITLE = 'DATOS DEL TRANSPORTE AÉREO';
const LIQUOR_TITLE = 'DATOS DE EXPENDIO DE ESPECIES ALCOHÓLICAS';

/** What the PDF adds for the model: titled sections, charges in the totals, notes under lines. */
export function invoiceModelPrint(data: InvoiceModelData | null): {
  sections: DocumentSection[];
  charges: DocumentCharge[];
  lineNotes: (posicion: number) => string[] | undefined;
} {
  const sections: DocumentSection[] = [];
  const charges: DocumentCharge[] = [];
  const air = data?.transporteAereo;
  if (air) {
    const field = (label: string, value: string | undefined) => (value ? [{ label, value }] : []);
    sections.push({
      title: AIR_TITLE,
      fields: [
        { label: 'Pasajero', value: air.pasajero },
        { label: 'C.I. / Pasaporte', value: air.documentoPasajero },
        ...field('Domicilio fiscal', air.domicilioPasajero),
        ...field('Teléfono', air.telefonoPasajero),
        { label: 'N° de boleto', value: air.nroBoleto },
        ...field('Localizador', air.codigoReserva),
        ...field('Aerolínea', air.aerolinea),
        ...field('N° de vuelo', air.nroVuelo),
        { label: 'Ruta', value: `${air.origen} - ${air.destino}` },
        { label: 'Fecha de salida', value: formatDate(air.fechaSalida) },
        ...field('Fecha de regreso', air.fechaRegreso ? formatDate(air.fechaRegreso) : undefined),
        ...field('Clase', air.clase),
      ],
    });
    for (const c of air.cargos)
      charges.push({
        label: `${c.concepto}${c.beneficiario ? ` (${c.beneficiario})` : ''} (no gravado)`,
        monto: c.monto,
      });
  }
  const liquor = data?.licores;
  if (liquor) {
    sections.push({
      title: LIQUOR_TITLE,
      fields: [
        { label: 'Licencia de expendio', value: liquor.licenciaExpendio },
        ...(liquor.licenciaComprador
          ? [{ label: 'Licencia del comprador', value: liquor.licenciaComprador }]
          : []),
      ],
    });
  }
  const byLine = new Map((data?.lineas ?? []).map((l) => [l.posicion, [liquorLineText(l.licor)]]));
  return { sections, charges, lineNotes: (posicion) => byLine.get(posicion) };
}
