import type { Deps } from '../../../deps.ts';
import { loadProviderCertificate, type PdfSignerInput } from '../../../documents/index.ts';
import { cachedCompanyKeyStore } from '../../companies/service.ts';

let providerSigner: Promise<PdfSignerInput> | undefined;

/**
 * Who signs a company's documents: its own certificate when it has one (with the family's reason),
 * otherwise the provider's (PROVIDER_P12, or the demo certificate), loaded once per process.
 */
export async function signerFor(deps: Deps, localidadId: string, reason: string): Promise<PdfSignerInput> {
  const own = await cachedCompanyKeyStore(deps.db, deps.secrets, localidadId);
  if (own) return { p12: own.file, password: own.password, reason, location: 'Venezuela' };
  providerSigner ??= loadProviderCertificate({
    dataDir: deps.config.dataDir,
    providerP12Path: deps.config.providerP12Path,
    providerP12Password: deps.config.providerP12Password,
    openTimeoutMs: deps.config.certificateOpenTimeoutMs,
  }).then(
    (c) => ({
      p12: c.p12,
      password: c.password,
      reason: 'Emitido por la imprenta digital',
      location: 'Venezuela',
    }),
    (error) => {
      // A store that failed to open (slow, wrong password) is tried again by the next document.
      providerSigner = undefined;
      throw error;
    },
  );
  return providerSigner;
}
