import type { WithholdingPrefill } from '../withholdings/prefill.ts';
import type { PurchaseRecord } from './schemas.ts';

/**
 * What 'Retener IVA' / 'Retener ISLR' on a purchase row hands the add-withholding page (a
 * purchase feeds withholdings): the supplier and the document, one base per IVA rate of the purchase.
 */
export function purchaseWithholdingPrefill(p: PurchaseRecord, modelo: 'IVA' | 'ISLR'): WithholdingPrefill {
  return {
    modelo,
    idLocalidad: p.id_localidad,
    ...(p.codigoSucursal ? { codigoSucursal: p.codigoSucursal } : {}),
    facturaCompraId: p.id,
    proveedor: {
      rif: p.proveedor.rif,
      nombre: p.proveedor.identificacion,
      ...(p.proveedor.direccion ? { direccion: p.proveedor.direccion } : {}),
      ...(p.proveedor.correo ? { correo: p.proveedor.correo } : {}),
    },
    documento: {
      fecha: p.fechaFactura,
      nroFactura: p.nroFactura,
      nroControl: p.nroControl,
      totalConIva: p.importeTotal,
      exento: p.totalExento,
      bases: p.lstGravamenes.map((g) => ({
        alicuota: g.alicuota,
        base: g.baseImponible,
        impuesto: g.montoAlicuota,
      })),
    },
  };
}
