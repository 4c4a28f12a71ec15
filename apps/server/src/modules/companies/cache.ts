import { ShortCache } from '../../db/short-cache.ts';
import type { BranchRow, CompanyRow } from './views.ts';

/**
 * Companies by RIF as the issuance kernel reads them for every document, kept ISSUER_CACHE_MS (a burst of
 * documents of one company reads its row once). The company writes below clear it when they start (see
 * ShortCache.clear: nothing is kept until their commit); another process's write is seen within
 * ISSUER_CACHE_MS.
 */
export const ISSUER_CACHE_MS = 2_000;
export const companiesByRif = new ShortCache<CompanyRow | undefined>(ISSUER_CACHE_MS, 256);

/** Companies and branches by id, and companies' key stores, as every PDF job reads them (same rule). */
export const issuersById = new ShortCache<{ company: CompanyRow; branch: BranchRow | undefined }>(
  ISSUER_CACHE_MS,
  256,
);
export const keyStores = new ShortCache<CompanyKeyStore | null>(ISSUER_CACHE_MS, 256);

/**
 * A company, one of its branches or its certificate is being written (status, flags, data, logo, key
 * store): the cached ones are read again.
 */
export function forgetCompanies(): void {
  companiesByRif.clear();
  issuersById.clear();
  keyStores.clear();
}

export interface CompanyKeyStore {
  alias: string;
  file: Buffer;
  password: string;
}
