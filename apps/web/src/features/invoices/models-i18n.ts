import { defineResources } from '../../app/resources.ts';

/** Texts of the AEREA and LICORES invoice models: their lists, cards and detail. */
const es = {
  list: {
    AEREA: 'Facturas Aéreas',
    LICORES: 'Facturas de Licores',
  },
  add: { AEREA: 'Nueva Factura Aérea', LICORES: 'Nueva Factura de Licores' },
  newTitle: { AEREA: 'Factura Aérea', LICORES: 'Factura de Licores' },
  backToList: { AEREA: 'Facturas Aéreas', LICORES: 'Facturas de Licores' },
  air: {
    title: 'Datos del Transporte Aéreo',
    pasajero: 'Pasajero (nombre y apellido)',
    documentoPasajero: 'C.I. / Pasaporte',
    domicilioPasajero: 'Domicilio fiscal del pasajero',
    telefonoPasajero: 'Teléfono del pasajero',
    nroBoleto: 'N° de boleto',
    codigoReserva: 'Localizador',
    aerolinea: 'Aerolínea',
    nroVuelo: 'N° de vuelo',
    origen: 'Origen',
    destino: 'Destino',
    fechaSalida: 'Fecha de salida',
    fechaRegreso: 'Fecha de regreso',
    clase: 'Clase',
    charges: 'Tasas y cargos no gravados',
    chargesHelp: 'Se suman al total a pagar, fuera de la base imponible del IVA.',
    concepto: 'Concepto',
    beneficiario: 'Beneficiario',
    monto: 'Monto',
    addCharge: 'Agregar cargo',
    removeCharge: 'Quitar cargo {{concepto}}',
    noCharges: 'Sin tasas ni cargos',
  },
  liquor: {
    title: 'Datos de Expendio de Especies Alcohólicas',
    licenciaExpendio: 'Licencia de expendio',
    licenciaComprador: 'Licencia del comprador',
    lines: 'Datos de los productos',
    linesHelp: 'Grado alcohólico, capacidad del envase y banda de garantía de cada producto alcohólico.',
    producto: 'Producto',
    gradoAlcoholico: 'Grado (°G.L.)',
    capacidad: 'Capacidad',
    unidadCapacidad: 'Unidad',
    bandaGarantia: 'Banda de garantía',
    noLines: 'Agregue productos para indicar sus datos.',
  },
  detail: {
    totalCargos: 'Cargos no gravados',
    ruta: 'Ruta',
  },
};

const en: typeof es = {
  list: {
    AEREA: 'Air Invoices',
    LICORES: 'Liquor Invoices',
  },
  add: { AEREA: 'New Air Invoice', LICORES: 'New Liquor Invoice' },
  newTitle: { AEREA: 'Air Invoice', LICORES: 'Liquor Invoice' },
  backToList: { AEREA: 'Air Invoices', LICORES: 'Liquor Invoices' },
  air: {
    title: 'Air Transport Data',
    pasajero: 'Passenger (full name)',
    documentoPasajero: 'ID / Passport',
    domicilioPasajero: "Passenger's fiscal address",
    telefonoPasajero: "Passenger's phone",
    nroBoleto: 'Ticket number',
    codigoReserva: 'Booking locator',
    aerolinea: 'Airline',
    nroVuelo: 'Flight number',
    origen: 'Origin',
    destino: 'Destination',
    fechaSalida: 'Departure date',
    fechaRegreso: 'Return date',
    clase: 'Class',
    charges: 'Untaxed fees and charges',
    chargesHelp: 'Added to the amount payable, outside the VAT taxable base.',
    concepto: 'Concept',
    beneficiario: 'Beneficiary',
    monto: 'Amount',
    addCharge: 'Add charge',
    removeCharge: 'Remove charge {{concepto}}',
    noCharges: 'No fees or charges',
  },
  liquor: {
    title: 'Alcoholic Beverage Sale Data',
    licenciaExpendio: 'Sale licence',
    licenciaComprador: "Buyer's licence",
    lines: 'Product data',
    linesHelp: 'Alcoholic grade, container capacity and guarantee band of each alcoholic product.',
    producto: 'Product',
    gradoAlcoholico: 'Grade (% ABV)',
    capacidad: 'Capacity',
    unidadCapacidad: 'Unit',
    bandaGarantia: 'Guarantee band',
    noLines: 'Add products to give their data.',
  },
  detail: {
    totalCargos: 'Untaxed charges',
    ruta: 'Route',
  },
};

export const invoiceModelsResources = defineResources(es, en);

/** English for the server's messages about the models (shown verbatim on the new-invoice screen). */
export const invoiceModelsMessages: Record<string, string> = {
  'transporteAereo es requerido en facturas de modelo AEREA': 'Air invoices need the air transport data',
  'licores es requerido en facturas de modelo LICORES': 'Liquor invoices need the sale licence',
  'transporteAereo.totalCargos excede el máximo permitido': 'The total of the charges is too large',
};
