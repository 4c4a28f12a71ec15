/**
 * Self-signed key stores (the demo provider certificate, test stores), apart from the provider
 * certificate's loading so that the key-store worker can build one without importing its caller.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface SelfSignedOptions {
  commonName: string;
  organization?: string;
  country?: string;
  years?: number;
  password: string;
  /** Friendly name (alias) of the key in the store. */
  alias?: string;
  /** RSA modulus length, 2048 unless told. */
  bits?: number;
}

/**
 * A self-signed RSA certificate and its key in a PKCS#12 (3DES, SHA-256 MAC): the demo provider
 * certificate, and test key stores. The key pair comes from node:crypto (fast); node-forge writes the
 * certificate and the store.
 */
export function generateSelfSignedP12(options: SelfSignedOptions): Buffer {
  const { privateKey: pem } = generateKeyPairSync('rsa', {
    modulusLength: options.bits ?? 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial of 16 random bytes.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now);
  notAfter.setFullYear(notAfter.getFullYear() + (options.years ?? 5));
  cert.validity.notAfter = notAfter;
  const attrs: forge.pki.CertificateField[] = [{ shortName: 'CN', value: options.commonName }];
  if (options.organization) attrs.push({ shortName: 'O', value: options.organization });
  if (options.country) attrs.push({ shortName: 'C', value: options.country });
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'extKeyUsage', emailProtection: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], options.password, {
    algorithm: '3des',
    friendlyName: options.alias ?? 'firma',
    generateLocalKeyId: true,
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
