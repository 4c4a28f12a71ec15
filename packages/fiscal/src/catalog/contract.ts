import { z } from '../zod-es.ts';

/**
 * What the reference-data routes answer (spec 002 §3 and §7 "Reference data", spec 000 §7): the rows of
 * countries, states, municipalities, banks, note categories, incoterms, tax values, discounts, currencies
 * and rates, tax types, ISLR concepts, products and clients, with the spec's names (`querygravemen`'s
 * `idgravamen`, the products' `PrecioPtr`). The server declares them as response schemas (its serializer
 * keeps only these keys); the web infers its types from them.
 */

/** Audit fields of master data (spec 002 §3). */
export const catalogAuditShape = {
  logEstatusRegistro: z.string(),
  logFechaRegistro: z.string(),
  logUsername: z.string(),
  logFechaModificacion: z.string().nullable(),
};

export const paisRowSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  iso: z.string().nullable(),
  ...catalogAuditShape,
});
export type PaisView = z.infer<typeof paisRowSchema>;

export const estadoRowSchema = z.object({
  id: z.string(),
  id_estado: z.string(),
  nombre: z.string(),
  estado: z.string(),
  iso: z.string().nullable(),
  pais: z.string(),
  ...catalogAuditShape,
});
export type EstadoView = z.infer<typeof estadoRowSchema>;

export const municipioRowSchema = z.object({
  id: z.string(),
  _id: z.string(),
  id_municipio: z.string(),
  nombre: z.string(),
  municipio: z.string(),
  codigo: z.string().nullable(),
  capital: z.string().nullable(),
  estado: z.string(),
  ...catalogAuditShape,
});
export type MunicipioView = z.infer<typeof municipioRowSchema>;

/** GET /mantenimiento/regiones/getestados: every active state with its active municipalities. */
export const estadoConMunicipiosSchema = z.object({
  id: z.string(),
  id_estado: z.string(),
  nombre: z.string(),
  estado: z.string(),
  iso: z.string().nullable(),
  municipios: z.array(
    z.object({
      id: z.string(),
      _id: z.string(),
      id_municipio: z.string(),
      municipio: z.string(),
      nombre: z.string(),
    }),
  ),
});
export const estadosConMunicipiosAnswerSchema = z.object({
  code: z.number(),
  result: z.array(estadoConMunicipiosSchema),
});

export const bancoRowSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  codigo: z.string(),
  sitioWeb: z.string().nullable(),
  correo: z.string().nullable(),
  status: z.string(),
  ...catalogAuditShape,
});
export type BancoView = z.infer<typeof bancoRowSchema>;

export const categoriaNotaRowSchema = z.object({
  id: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  tipoNota: z.string(),
  ...catalogAuditShape,
});
export type CategoriaNotaView = z.infer<typeof categoriaNotaRowSchema>;

export const incotermRowSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  tipo: z.string(),
  ...catalogAuditShape,
});
export type IncotermView = z.infer<typeof incotermRowSchema>;

export const valorGravamenRowSchema = z.object({
  id: z.string(),
  valor: z.string(),
  tipoGravamen: z.string(),
  fechaDesde: z.string(),
  fechaHasta: z.string().nullable(),
  ...catalogAuditShape,
});
export type ValorGravamenView = z.infer<typeof valorGravamenRowSchema>;

export const descuentoRowSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  tipoMonto: z.number(),
  monto: z.string(),
  localidad: z.string().nullable(),
  sucursal: z.string().nullable(),
  ...catalogAuditShape,
});
export type DescuentoView = z.infer<typeof descuentoRowSchema>;

// --- Currencies and exchange rates ------------------------------------------------------------------

/** A currency with its rate in force; `name`, `symbol` and `value` repeat the Spanish fields (spec 000 §3). */
export const divisaRowSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  name: z.string(),
  iso: z.string(),
  simbolo: z.string(),
  symbol: z.string(),
  decimales: z.number(),
  valor: z.string().nullable(),
  value: z.string().nullable(),
  fechaValor: z.string().nullable(),
  ...catalogAuditShape,
});
export type DivisaView = z.infer<typeof divisaRowSchema>;

export const tasaRowSchema = z.object({
  id: z.string(),
  iso: z.string(),
  fecha: z.string(),
  valor: z.string(),
  fuente: z.string(),
  logUsername: z.string(),
  logFechaRegistro: z.string(),
});
export type TasaView = z.infer<typeof tasaRowSchema>;

/** A rate read from the BCV's page, not stored. */
export const bcvRateSchema = z.object({ iso: z.string(), valor: z.string(), fecha: z.string() });
export type BcvRateView = z.infer<typeof bcvRateSchema>;
export const bcvReadAnswerSchema = z.object({ code: z.number(), result: z.array(bcvRateSchema) });
export const bcvStoreAnswerSchema = z.object({
  code: z.number(),
  message: z.string(),
  result: z.array(tasaRowSchema),
});

/** GET tasaVigente: no rate is an answer (result null with a message), not an error. */
export const rateInForceAnswerSchema = z.object({
  code: z.number(),
  message: z.string().optional(),
  result: z.object({ iso: z.string(), fecha: z.string(), valor: z.string(), fuente: z.string() }).nullable(),
});
export type RateInForceAnswer = z.infer<typeof rateInForceAnswerSchema>;

// --- Tax types (querygravemen) and ISLR concepts ----------------------------------------------------

export const valorDeTipoSchema = z.object({
  id: z.string(),
  valor: z.string(),
  fechaDesde: z.string(),
  fechaHasta: z.string().nullable(),
  logEstatusRegistro: z.string(),
});
export type ValorDeTipoView = z.infer<typeof valorDeTipoSchema>;

export const tipoGravamenRowSchema = z.object({
  id: z.string(),
  idgravamen: z.string(),
  codigo: z.string(),
  concepto: z.string(),
  ivaGeneral: z.boolean(),
  tipo: z.number(),
  exento: z.boolean(),
  exonerado: z.boolean(),
  lstValores: z.array(valorDeTipoSchema),
  logEstatusRegistro: z.string(),
});
export type TipoGravamenView = z.infer<typeof tipoGravamenRowSchema>;

/** One ISLR concept (Decreto 1.808), with the wire's capitalised names. */
export const conceptoIslrSchema = z.object({
  Codigo: z.string(),
  Concepto: z.string(),
  TipoPersona: z.string(),
  Porcentaje: z.string(),
  BaseImponible: z.string(),
  Sustraendo: z.boolean(),
  UT: z.string().nullable(),
  Factor: z.string().nullable(),
  /** Tarifa N° 2 (progressive on the supplier's year): the screen asks the server for its amount. */
  Tarifa2: z.boolean(),
  /** A payment below this withholds nothing, or null. */
  MontoMinimo: z.string().nullable(),
});
export type ConceptoIslrView = z.infer<typeof conceptoIslrSchema>;

// --- Products ----------------------------------------------------------------------------------------

export const productTaxTypeSchema = z.object({
  idgravamen: z.string(),
  codigo: z.string(),
  concepto: z.string(),
  ivaGeneral: z.boolean(),
  /** The rate in force today, e.g. '16.00'. */
  valor: z.string().nullable(),
});
export type ProductTaxTypeView = z.infer<typeof productTaxTypeSchema>;

export const productRowSchema = z.object({
  id: z.string(),
  idProducto: z.string(),
  id_localidad: z.object({ id: z.string(), nombre: z.string() }),
  codigo: z.string(),
  descripcion: z.string(),
  unidadMedida: z.string(),
  precio: z.string(),
  divisaPrecio: z.string(),
  PrecioPtr: z.string(),
  PrecioEur: z.string(),
  stock: z.string(),
  tipoVenta: z.string(),
  exento: z.boolean(),
  exonerado: z.boolean(),
  tipoGravamen: productTaxTypeSchema.nullable(),
  /** What the list shows in "Tipo Alicuota": Exonerado, Exento or the concept. */
  tipoAlicuota: z.string(),
  logEstatusRegistro: z.string(),
});
export type ProductView = z.infer<typeof productRowSchema>;

/** prductosbylocalidad (spelled so in the spec): the products with a price in the requested currency. */
export const pricedProductsAnswerSchema = z.object({
  code: z.number(),
  results: z.array(productRowSchema.extend({ precioDivisa: z.string() })),
  /** Products that match but have no price in this currency (left out above). */
  sinPrecio: z.number().optional(),
});
export type PricedProductsAnswer = z.infer<typeof pricedProductsAnswerSchema>;

// --- Clients ---------------------------------------------------------------------------------------

export const clientRowSchema = z.object({
  id: z.string(),
  _id: z.string(),
  id_localidad: z.string(),
  tipoDocumento: z.string(),
  numeroDocumento: z.string(),
  identificacion: z.string(),
  correo: z.string().nullable(),
  ccCorreo: z.string().nullable(),
  direccion: z.string().nullable(),
  telefonoMovil: z.string().nullable(),
  telefonoHabitacion: z.string().nullable(),
  contribuyenteEspecial: z.boolean(),
  tipoProveedor: z.string(),
  tipoPersona: z.string(),
  /** "tipo-numero / name", as the picker shows it. */
  etiqueta: z.string(),
  logEstatusRegistro: z.string(),
});
export type ClientView = z.infer<typeof clientRowSchema>;
/** The client picker's answer (GET buscar): at most 10 rows, not paged. */
export const clientMatchesAnswerSchema = z.object({ code: z.number(), results: z.array(clientRowSchema) });
