// The one-line invoice the journeys send through the integration API when they need a document to act on.

/** A valid invoice for the integration API (contract "Invoices"), for the company with that RIF. */
export function invoice(rif: string, nroFactura: string) {
  return {
    rif,
    nroFactura,
    serie: '00',
    importeTotal: '116.00',
    subTotal: '100',
    montoDescuento: 0,
    totalExento: 0,
    totalExonerado: 0,
    condicionPago: 'CONTADO',
    facturaDivisa: 'VEF',
    cambioDivisa: 1,
    tipoColetilla: false,
    tipoVenta: 'INTERNA',
    modeloFactura: 'GENERAL',
    cliente: {
      tipoDocumento: 'V',
      numeroDocumento: '12345678',
      // The seed's client as seeded: an invoice through the API updates the client it names, and the
      // desk journeys look for 'Pedro Pérez'.
      identificacion: 'Pedro Pérez',
      direccion: 'Calle 5, Los Palos Grandes, Caracas',
      correo: 'pedro.perez@example.com',
    },
    lstDetallesFacturaGeneral: [
      {
        codigoProducto: 'P-001',
        descripcion: 'Resma',
        unidadMedida: 'UNIDAD',
        cantidad: '1',
        precio: '100',
        importe: '100',
        alicuotaGravamen: 16,
        montoGravamen: '16.00',
      },
    ],
    lstGravamenes: [{ baseImponible: '100', alicuota: '16', montoAlicuota: '16.00' }],
  };
}

/**
 * The notes and sales-book journeys' invoice: 5 × P-001 at 100,00 + 16 % and 2 × P-004 at 50,00 exempt
 * (subtotal 600,00, IVA 80,00, total 680,00, exempt 100,00), to the seed's client.
 */
export function mixedInvoice(rif: string, nroFactura: string) {
  return {
    rif,
    nroFactura,
    importeTotal: '680.00',
    subTotal: '600.00',
    montoDescuento: 0,
    totalExento: '100.00',
    totalExonerado: 0,
    condicionPago: 'CONTADO',
    facturaDivisa: 'VEF',
    cambioDivisa: 1,
    tipoColetilla: false,
    tipoVenta: 'INTERNA',
    modeloFactura: 'GENERAL',
    cliente: {
      tipoDocumento: 'V',
      numeroDocumento: '12345678',
      identificacion: 'Pedro Pérez',
      direccion: 'Caracas',
      correo: 'pedro@example.com',
    },
    lstDetallesFacturaGeneral: [
      {
        codigoProducto: 'P-001',
        descripcion: 'Resma de papel',
        unidadMedida: 'UNIDAD',
        cantidad: '5',
        precio: '100',
        importe: '500',
        alicuotaGravamen: 16,
        montoGravamen: '80.00',
      },
      {
        codigoProducto: 'P-004',
        descripcion: 'Libro escolar',
        unidadMedida: 'UNIDAD',
        cantidad: '2',
        precio: '50',
        importe: '100',
        alicuotaGravamen: 0,
        montoGravamen: '0',
        exento: true,
      },
    ],
    lstGravamenes: [{ baseImponible: '500', alicuota: '16', montoAlicuota: '80.00' }],
  };
}
