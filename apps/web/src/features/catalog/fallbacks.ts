import type { ErrorFallbacks } from '../../app/notify.ts';

/**
 * The reference-data screens' own failure words when the server gives none (spec 002 §8 "Fallbacks",
 * exactly as the spec writes them, typos included: they are what users of the product know).
 */
export const CATALOG_FALLBACKS = {
  listProducts: 'Ocurrio un error al Despelgar productos',
  loadClients: 'Ocurrio un error al Cargar Clientes',
  network: 'ocurrido un error de red',
  createProducts: 'Ocurrio un error al Crear productos, ',
  toggleProducts: 'Ocurrio un error al Activar/Desavtivar productos',
} as const;

const F = CATALOG_FALLBACKS;

/** Products and tax-rate types: listing, creating and activating/inactivating. */
export const productFallbacks: { list: ErrorFallbacks; toggle: ErrorFallbacks; create: ErrorFallbacks } = {
  list: { generic: F.listProducts, network: F.network },
  toggle: { generic: F.toggleProducts, network: F.network },
  create: { generic: F.createProducts, network: F.network },
};

export const clientFallbacks: { list: ErrorFallbacks } = {
  list: { generic: F.loadClients, network: F.network },
};

/** English for the fallbacks (the messages namespace is keyed by the Spanish text). */
export const catalogFallbackMessages: Record<string, string> = {
  [F.listProducts]: 'An error occurred while listing products',
  [F.loadClients]: 'An error occurred while loading clients',
  [F.network]: 'A network error occurred',
  [F.createProducts]: 'An error occurred while creating products, ',
  [F.toggleProducts]: 'An error occurred while activating/deactivating products',
};
