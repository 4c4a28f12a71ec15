import { caracasDate, type PurchaseRecord, purchaseTotals, TAX_RATES } from '@sigece/fiscal';

/** The purchase form's values (spec 001 §2.5, §3.10): amounts as typed text, never floats. */
export interface LineValues {
  concepto: string;
  cantidad: string;
  unidadMedida: string;
  precio: string;
  descuento: string;
  exento: boolean;
  alicuota: string;
  /** The purchase book's column (fiscal PURCHASE_VAT_TREATMENTS); '' is the default. */
  tratamientoIva: string;
}
export interface FormValues {
  id_localidad: string;
  id_sucursal: string;
  proveedor: {
    tipoDocumento: string;
    numeroDocumento: string;
    identificacion: string;
    direccion: string;
    correo: string;
  };
  nroControl: string;
  nroFactura: string;
  fechaFactura: string;
  tipoCompra: string;
  lstDetalles: LineValues[];
  lstPagos: Array<{ modoPago: string; monto: string; divisa: string; nro: string }>;
}

export const emptyLine = (): LineValues => ({
  concepto: '',
  cantidad: '1',
  unidadMedida: 'UNIDAD',
  precio: '',
  descuento: '',
  exento: false,
  alicuota: '16',
  tratamientoIva: '',
});

export function valuesOf(p: PurchaseRecord | undefined): FormValues {
  if (!p)
    return {
      id_localidad: '',
      id_sucursal: '',
      proveedor: { tipoDocumento: 'J', numeroDocumento: '', identificacion: '', direccion: '', correo: '' },
      nroControl: '',
      nroFactura: '',
      fechaFactura: caracasDate(),
      tipoCompra: 'INTERNA',
      lstDetalles: [emptyLine()],
      lstPagos: [],
    };
  return {
    id_localidad: p.id_localidad,
    id_sucursal: p.id_sucursal ?? '',
    proveedor: {
      tipoDocumento: p.proveedor.tipoDocumento,
      numeroDocumento: p.proveedor.numeroDocumento,
      identificacion: p.proveedor.identificacion,
      direccion: p.proveedor.direccion ?? '',
      correo: p.proveedor.correo ?? '',
    },
    nroControl: p.nroControl,
    nroFactura: p.nroFactura,
    fechaFactura: p.fechaFactura,
    tipoCompra: p.tipoCompra,
    lstDetalles: p.lstDetalles.map((l) => ({
      concepto: l.concepto,
      cantidad: l.cantidad,
      unidadMedida: l.unidadMedida,
      precio: l.precio,
      descuento: l.descuento ?? '',
      exento: l.exento,
      alicuota: String(Number(l.alicuota)),
      tratamientoIva: l.tratamientoIva ?? '',
    })),
    lstPagos: p.lstPagos.map((x) => ({
      modoPago: x.modoPago,
      monto: x.monto,
      divisa: x.divisa,
      nro: x.nro ?? '',
    })),
  };
}

/** Live totals while typing: the same fiscal function the server stores (lines not yet valid count as 0). */
export function liveTotals(lines: LineValues[]) {
  const number = (v: string) => (/^\d+(\.\d+)?$/.test(v.trim()) ? v.trim() : '0');
  return purchaseTotals(
    lines.map((l) => ({
      cantidad: number(l.cantidad),
      precio: number(l.precio),
      descuento: l.descuento ? number(l.descuento) : undefined,
      exento: l.exento,
      alicuota: (TAX_RATES as readonly string[]).includes(l.alicuota) ? (l.alicuota as '16') : '0',
    })),
  );
}
