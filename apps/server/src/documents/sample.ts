/**
 * A complete sample invoice for previews, tests and the PDF benchmark: every block of the layout
 * filled with plausible Venezuelan data, amounts consistent with each other.
 */
import { dec, money, sum } from '@sigece/fiscal';
import type { DocumentLine, DocumentTotals, FiscalDocument } from './model.ts';

export interface SampleOptions {
  /** Number of detail lines (default 5). */
  lines?: number;
  /** USD with the BCV rate (default) or Bs. */
  currency?: 'USD' | 'VEF';
  rate?: string;
  nroControl?: string;
  numero?: string;
  watermark?: string;
  annulled?: boolean;
  logoJpeg?: Buffer;
}

const PRODUCTS = [
  ['HAR-001', 'Harina de maíz precocida 1 kg', 'UND', '1.35'],
  ['ACE-210', 'Aceite vegetal comestible 1 L', 'UND', '3.80'],
  ['MED-055', 'Acetaminofén 500 mg caja x 20 tabletas', 'CAJ', '2.10'],
  ['CAF-010', 'Café tostado y molido 500 g', 'PAQ', '5.25'],
  ['SER-900', 'Servicio técnico de mantenimiento preventivo del equipo de refrigeración', 'SRV', '45.00'],
  ['PAP-300', 'Papel bond tamaño carta resma 500 hojas', 'RES', '6.40'],
] as const;

export function sampleInvoice(options: SampleOptions = {}): FiscalDocument {
  const count = options.lines ?? 5;
  const currency = options.currency ?? 'USD';
  const rate = options.rate ?? '237.7529';
  const lines: DocumentLine[] = [];
  for (let i = 0; i < count; i++) {
    const [codigo, descripcion, unidad, precio] = PRODUCTS[i % PRODUCTS.length];
    const cantidad = String((i % 4) + 1);
    const descuento = i % 5 === 3 ? '0.50' : '0.00';
    const importe = money(dec(precio).times(cantidad).minus(descuento));
    const medicine = codigo.startsWith('MED');
    lines.push({
      codigo,
      descripcion,
      cantidad,
      unidad,
      precio,
      descuento,
      importe,
      exento: medicine,
      ...(medicine ? { lote: `L-2026-${String(i + 1).padStart(4, '0')}`, vencimiento: '2027-08-31' } : {}),
    });
  }
  const taxed = lines.filter((l) => !l.exento);
  const exento = money(sum(lines.filter((l) => l.exento).map((l) => l.importe)));
  const base = money(sum(taxed.map((l) => l.importe)));
  const iva = money(dec(base).times('0.16'));
  const subtotal = money(sum(lines.map((l) => l.importe)));
  const descuento = money(sum(lines.map((l) => l.descuento)));
  const total = money(dec(subtotal).plus(iva));
  const totals: DocumentTotals = {
    subtotal,
    exento,
    exonerado: '0.00',
    descuento,
    taxes: [{ alicuota: '16', base, monto: iva }],
    total,
  };
  const foreign = currency !== 'VEF';
  const bs = (v: string) => money(dec(v).times(rate));
  const amountsInBs: DocumentTotals | undefined = foreign
    ? {
        subtotal: bs(subtotal),
        exento: bs(exento),
        exonerado: '0.00',
        descuento: bs(descuento),
        taxes: [{ alicuota: '16', base: bs(base), monto: bs(iva) }],
        total: bs(total),
      }
    : undefined;
  const igtfBase = total;
  const igtfMonto = money(dec(igtfBase).times('0.03'));
  return {
    kind: 'FACTURA',
    title: 'FACTURA',
    numero: options.numero ?? '00000123',
    serie: 'A',
    nroControl: options.nroControl ?? '00-00000123',
    issuedAt: new Date('2026-11-21T19:45:00Z'),
    issuer: {
      nombre: 'Distribuidora El Ávila, C.A.',
      rif: 'J-405678901',
      direccion: 'Av. Francisco de Miranda, Torre Ñandú, piso 3, oficina 3-B, Chacao, Caracas 1060, Miranda',
      telefono: '(212) 5551234',
      correo: 'facturacion@elavila.com.ve',
      ...(options.logoJpeg ? { logoJpeg: options.logoJpeg } : {}),
    },
    customer: {
      nombre: 'Comercializadora Los Próceres, S.A.',
      rif: 'J-301234567',
      direccion: 'Calle Bolívar con Av. Sucre, Edificio Guaicaipuro, local 2, Maracay, Aragua',
      telefono: '(243) 2345678',
      correo: 'compras@proceres.com.ve',
    },
    lines,
    totals,
    currency: foreign ? { iso: currency, rate } : { iso: 'VEF' },
    ...(amountsInBs ? { amountsInBs } : {}),
    igtf: { alicuota: '3', base: igtfBase, monto: igtfMonto, footnote: foreign },
    payments: [{ modo: 'EFECTIVO', monto: money(dec(total).plus(igtfMonto)), divisa: currency }],
    observacion: 'Entrega en el almacén principal./nHorario de recepción: 8:00 a 12:00.',
    extras: [{ label: 'Orden de compra', value: 'OC-2026-0457' }],
    ...(options.watermark ? { watermark: options.watermark } : {}),
    ...(options.annulled ? { annulled: true } : {}),
    printer: {
      nombre: 'sigece Imprenta Digital, C.A.',
      rif: 'J-500000001',
      providencia: 'SENIAT/INTI/2024/000123',
      fechaProvidencia: '2024-03-15',
      controlRange: { desde: '00-00000001', hasta: '00-00100000' },
      fechaAsignacion: '2026-01-10',
    },
    verificationUrl: `https://sigece.example.ve/verificar/${options.nroControl ?? '00-00000123'}`,
  };
}
