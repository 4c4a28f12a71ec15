import type { PricedProductsAnswer, ProductTaxTypeView, ProductView } from '@sigece/fiscal';
import { api } from '../../app/api.ts';

/** Currencies the product prices exist in (spec 002 §7): Bs. (VEF), USD, EUR, PTR. */
export const PRODUCT_CURRENCIES = ['VEF', 'USD', 'EUR', 'PTR'] as const;
export type ProductCurrency = (typeof PRODUCT_CURRENCIES)[number];

export type ProductTaxType = ProductTaxTypeView;
/** A product as the server returns it. */
export type Product = ProductView;
/** A product of prductosbylocalidad: with its price in the requested currency. */
export type PricedProduct = PricedProductsAnswer['results'][number];

export const productsKey = ['catalog', 'products'] as const;

/** ACTIVO products of a company that have a price in `divisa`, filtered by code or description. */
export const productsByCompany = (
  localidad: string,
  divisa: ProductCurrency,
  search: string,
  signal?: AbortSignal,
  limit = 20,
) =>
  api<PricedProductsAnswer>(`/v2/mantenimiento/producto/prductosbylocalidad/${localidad}/divisa/${divisa}`, {
    query: { search, limit },
    signal,
  });
