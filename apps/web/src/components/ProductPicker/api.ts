import { api } from '../../app/api.ts';

/** Currencies the product prices exist in (spec 002 §7): Bs. (VEF), USD, EUR, PTR. */
export const PRODUCT_CURRENCIES = ['VEF', 'USD', 'EUR', 'PTR'] as const;
export type ProductCurrency = (typeof PRODUCT_CURRENCIES)[number];

export interface ProductTaxType {
  idgravamen: string;
  codigo: string;
  concepto: string;
  ivaGeneral: boolean;
  /** The rate in force today, e.g. '16.00'. */
  valor: string | null;
}

/** A product as the server returns it. */
export interface Product {
  id: string;
  idProducto: string;
  id_localidad: { id: string; nombre: string };
  codigo: string;
  descripcion: string;
  unidadMedida: string;
  precio: string;
  divisaPrecio: string;
  PrecioPtr: string;
  PrecioEur: string;
  stock: string;
  tipoVenta: string;
  exento: boolean;
  exonerado: boolean;
  tipoGravamen: ProductTaxType | null;
  /** What the list shows in "Tipo Alicuota": Exonerado, Exento or the concept. */
  tipoAlicuota: string;
  logEstatusRegistro: 'ACTIVO' | 'INACTIVO';
}

/** A product of prductosbylocalidad: with its price in the requested currency. */
export interface PricedProduct extends Product {
  precioDivisa: string;
}

export const productsKey = ['catalog', 'products'] as const;

/** ACTIVO products of a company that have a price in `divisa`, filtered by code or description. */
export const productsByCompany = (
  localidad: string,
  divisa: ProductCurrency,
  search: string,
  signal?: AbortSignal,
  limit = 20,
) =>
  api<{ code: number; results: PricedProduct[]; sinPrecio?: number }>(
    `/v2/mantenimiento/producto/prductosbylocalidad/${localidad}/divisa/${divisa}`,
    { query: { search, limit }, signal },
  );
