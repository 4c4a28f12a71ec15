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
