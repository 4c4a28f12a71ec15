import forge from 'node-forge';
import { largestKeyIterationCount, MAX_KEY_ITERATIONS } from './pkcs12-iterations.ts';

export interface KeyStoreInfo {
  alias: string;
  subject: string;
  issuer: string;
  serial: string;
  validFrom: Date;
  validTo: Date;
}

export class KeyStoreError extends Error {
  // Named, so that a worker thread's copy of the error (render pool, keystore-thread.ts) is recognised.
  override name = 'KeyStoreError';
}

/** A distinguished name as the screens show it ('CN=…, O=…'). */
export function describeName(attributes: forge.pki.CertificateField[]): string {
  return attributes.map((a) => `${a.shortName ?? a.name}=${a.value}`).join(', ');
}

/**
 * Parses a PKCS#12 file with `password`, the one way every caller opens one (the company's certificate
 * on upload, the signing key in the render workers, the provider's at start). Its iteration counts are
 * checked first, before any key is derived.
 */
function openPfx(file: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let iterations: number;
  try {
    iterations = largestKeyIterationCount(file);
  } catch {
    throw new KeyStoreError('El archivo no es un certificado PKCS#12 (.p12/.pfx) válido');
  }
  if (iterations > MAX_KEY_ITERATIONS) {
    throw new KeyStoreError(
      `El certificado pide ${iterations === Number.POSITIVE_INFINITY ? 'más de un billón de' : iterations.toLocaleString('es-VE')} iteraciones para derivar sus claves; se admiten hasta ${MAX_KEY_ITERATIONS.toLocaleString('es-VE')}. Expórtelo de nuevo con los valores habituales (por ejemplo, 2.048 o 10.000).`,
    );
  }
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary')));
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = String((error as Error).message ?? '');
    if (/password|mac|decrypt|invalid/i.test(message))
      throw new KeyStoreError('La contraseña del certificado no es correcta');
    throw new KeyStoreError('El archivo no es un certificado PKCS#12 (.p12/.pfx) válido');
  }
}

/**
 * Opens a PKCS#12 file (openPfx) and takes out its private keys (shrouded or plain) and its certificates:
 * what both the certificate's description (openKeyStore) and the signer (sign.ts) read.
 */
export function openStoreBags(
  file: Buffer,
  password: string,
): { keyBags: forge.pkcs12.Bag[]; certBags: forge.pkcs12.Bag[] } {
  const p12 = openPfx(file, password);
  const bagsOf = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  return {
    keyBags: [...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag), ...bagsOf(forge.pki.oids.keyBag)],
    certBags: bagsOf(forge.pki.oids.certBag),
  };
}

/**
 * Opens a PKCS#12 key store and returns the certificate that goes with the private key under `alias`
 * (its friendly name). A store with a single key and no friendly names accepts any alias only if it
 * is the one key; otherwise the alias must match.
 */
export function openKeyStore(file: Buffer, password: string, alias: string): KeyStoreInfo {
  const { keyBags, certBags } = openStoreBags(file, password);
  if (keyBags.length === 0 || certBags.length === 0) {
    throw new KeyStoreError('El certificado no contiene una clave privada y su certificado');
  }
  const named = keyBags.find((bag) => bag.attributes.friendlyName?.[0] === alias);
  const keyBag =
    named ?? (keyBags.length === 1 && !keyBags[0].attributes.friendlyName ? keyBags[0] : undefined);
  if (!keyBag) throw new KeyStoreError(`El alias ${alias} no existe en el certificado`);
  const localKeyId = keyBag.attributes.localKeyId?.[0];
  const certBag =
    certBags.find((bag) => localKeyId !== undefined && bag.attributes.localKeyId?.[0] === localKeyId) ??
    certBags.find((bag) => bag.attributes.friendlyName?.[0] === alias) ??
    certBags[0];
  const cert = certBag.cert;
  if (!cert) throw new KeyStoreError('El certificado no contiene una clave privada y su certificado');
  return {
    alias,
    subject: describeName(cert.subject.attributes),
    issuer: describeName(cert.issuer.attributes),
    serial: cert.serialNumber,
    validFrom: cert.validity.notBefore,
    validTo: cert.validity.notAfter,
  };
}
