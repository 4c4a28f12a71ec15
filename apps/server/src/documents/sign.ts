/**
 * Embedded PDF signatures: an adbe.pkcs7.detached CMS SignedData (SHA-256, RSA PKCS#1 v1.5) over the
 * byte range of the document, in a signature field added as an incremental update: written directly
 * for pdfkit's output (signature-update.ts), by @signpdf/placeholder-plain and @signpdf/signpdf for
 * any other PDF.
 *
 * The CMS structure is written here rather than by node-forge's pkcs7 (which @signpdf/signer-p12 uses)
 * because that one decodes the PKCS#12 again, hashes the whole PDF and does the RSA operation in
 * JavaScript on every signature: here the key store is opened once (node-forge) and kept, the digest
 * and the RSA signature come from node:crypto (OpenSSL).
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  sign,
  X509Certificate,
} from 'node:crypto';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import { describeName, KeyStoreError, openStoreBags } from './pkcs12.ts';
import { prepareSignatureUpdate, type SignatureFields } from './signature-update.ts';

export interface PdfSignerInput {
  /** PKCS#12 (.p12/.pfx) holding the private key and its certificate (and optionally the chain). */
  p12: Buffer;
  password: string;
  /** Shown by PDF readers as the reason of the signature. */
  reason?: string;
  location?: string;
  /** Signer name; the certificate's common name when absent. */
  name?: string;
  contactInfo?: string;
  /** Signing time written in the signature (default: now). */
  signingTime?: Date;
}

/** An opened key store: what a signature needs, kept between signatures. */
export interface SigningKey {
  key: KeyObject;
  /** DER of the signer's certificate. */
  certificate: Buffer;
  /** DER of every certificate in the store (signer first), embedded in the signature. */
  chain: Buffer[];
  /** The signer certificate's subject, "CN=..., O=..., C=...". */
  subject: string;
  commonName: string;
  issuerDer: Buffer;
  serialDer: Buffer;
  signatureAlgorithm: Buffer;
}

// ---- DER ---------------------------------------------------------------------------------------

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  while (n > 0) {
    bytes.unshift(n & 0xff);
    n = Math.floor(n / 256);
  }
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...parts: Buffer[]): Buffer {
  const body = parts.length === 1 ? parts[0] : Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
}

const seq = (...parts: Buffer[]) => tlv(0x30, ...parts);
const set = (...parts: Buffer[]) => tlv(0x31, ...parts);
const NULL = Buffer.from([0x05, 0x00]);

function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const bytes: number[] = [arcs[0] * 40 + arcs[1]];
  for (const arc of arcs.slice(2)) {
    const chunk: number[] = [arc & 0x7f];
    let rest = Math.floor(arc / 128);
    while (rest > 0) {
      chunk.unshift((rest & 0x7f) | 0x80);
      rest = Math.floor(rest / 128);
    }
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function derTime(date: Date): Buffer {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const y = date.getUTCFullYear();
  const rest = `${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
  // UTCTime for 1950–2049 (RFC 5280), GeneralizedTime otherwise.
  if (y >= 1950 && y < 2050) return tlv(0x17, Buffer.from(`${p(y % 100)}${rest}`, 'latin1'));
  return tlv(0x18, Buffer.from(`${p(y, 4)}${rest}`, 'latin1'));
}

interface Node {
  tag: number;
  start: number;
  contentStart: number;
  end: number;
}

function readNode(buf: Buffer, offset: number): Node {
  const tag = buf[offset];
  let length = buf[offset + 1];
  let header = 2;
  if (length & 0x80) {
    const n = length & 0x7f;
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + buf[offset + 2 + i];
    header += n;
  }
  return { tag, start: offset, contentStart: offset + header, end: offset + header + length };
}

function childrenOf(buf: Buffer, node: Node): Node[] {
  const out: Node[] = [];
  for (let at = node.contentStart; at < node.end; ) {
    const child = readNode(buf, at);
    out.push(child);
    at = child.end;
  }
  return out;
}

/** Issuer Name and serialNumber of a certificate, as their exact DER bytes. */
function issuerAndSerial(cert: Buffer): { issuer: Buffer; serial: Buffer } {
  const tbs = childrenOf(cert, readNode(cert, 0))[0];
  const fields = childrenOf(cert, tbs);
  const at = fields[0].tag === 0xa0 ? 1 : 0; // [0] version is optional
  const serial = fields[at];
  const issuer = fields[at + 2];
  return { serial: cert.subarray(serial.start, serial.end), issuer: cert.subarray(issuer.start, issuer.end) };
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
};
const SHA256_ALGORITHM = seq(oid(OID.sha256), NULL);

/**
 * CMS SignedData (RFC 5652) in detached mode over `content`: SHA-256 digest, the signed attributes
 * contentType, signingTime and messageDigest (in DER order), and the certificates of the store.
 */
export function cmsDetachedSignature(
  content: Buffer | readonly Buffer[],
  key: SigningKey,
  signingTime = new Date(),
): Buffer {
  const hash = createHash('sha256');
  for (const part of Buffer.isBuffer(content) ? [content] : content) hash.update(part);
  const digest = hash.digest();
  const attributes = [
    seq(oid(OID.contentType), set(oid(OID.data))),
    seq(oid(OID.signingTime), set(derTime(signingTime))),
    seq(oid(OID.messageDigest), set(tlv(0x04, digest))),
  ].sort(Buffer.compare);
  const signedAttributes = Buffer.concat(attributes);
  // The signature covers the attributes encoded as a SET OF (tag 0x31), stored as [0] IMPLICIT.
  const signature = sign('sha256', set(signedAttributes), key.key);
  const signerInfo = seq(
    tlv(0x02, Buffer.from([1])),
    seq(key.issuerDer, key.serialDer),
    SHA256_ALGORITHM,
    tlv(0xa0, signedAttributes),
    key.signatureAlgorithm,
    tlv(0x04, signature),
  );
  const signedData = seq(
    tlv(0x02, Buffer.from([1])),
    set(SHA256_ALGORITHM),
    seq(oid(OID.data)),
    tlv(0xa0, ...key.chain),
    set(signerInfo),
  );
  return seq(oid(OID.signedData), tlv(0xa0, signedData));
}

// ---- key stores --------------------------------------------------------------------------------

function spki(key: KeyObject): Buffer {
  return key.export({ format: 'der', type: 'spki' });
}

/** Opens a PKCS#12 store (node-forge) into a key node:crypto can sign with. Throws KeyStoreError. */
export function openSigningKey(p12: Buffer, password: string): SigningKey {
  const { keyBags, certBags } = openStoreBags(p12, password);
  const forgeKey = keyBags.find((bag) => bag.key)?.key;
  if (!forgeKey || certBags.length === 0) {
    throw new KeyStoreError('El certificado no contiene una clave privada RSA y su certificado');
  }
  const key = createPrivateKey(forge.pki.privateKeyToPem(forgeKey));
  const publicDer = spki(createPublicKey(key));
  const certs = certBags
    .filter((bag) => bag.cert)
    .map((bag) => ({
      der: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(bag.cert!)).getBytes(), 'binary'),
      forgeCert: bag.cert!,
    }));
  const own = certs.find((c) => spki(new X509Certificate(c.der).publicKey).equals(publicDer));
  if (!own) throw new KeyStoreError('El certificado no corresponde a la clave privada del archivo');
  const { issuer, serial } = issuerAndSerial(own.der);
  const commonName = String(
    own.forgeCert.subject.getField('CN')?.value ?? describeName(own.forgeCert.subject.attributes),
  );
  return {
    key,
    certificate: own.der,
    chain: [own.der, ...certs.filter((c) => c !== own).map((c) => c.der)],
    subject: describeName(own.forgeCert.subject.attributes),
    commonName,
    issuerDer: issuer,
    serialDer: serial,
    signatureAlgorithm:
      key.asymmetricKeyType === 'ec' ? seq(oid(OID.ecdsaWithSha256)) : seq(oid(OID.rsaEncryption), NULL),
  };
}

// Opening a store runs PBKDF and RC2/3DES in JavaScript (tens to hundreds of ms): keep the last few.
const CACHE_LIMIT = 32;
const cache = new Map<string, SigningKey>();

/** `openSigningKey` with a small cache keyed by the store's bytes and password. */
export function cachedSigningKey(p12: Buffer, password: string): SigningKey {
  const id = createHash('sha256').update(p12).update('\0').update(password, 'utf8').digest('base64');
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  const opened = openSigningKey(p12, password);
  cache.set(id, opened);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return opened;
}

class CmsSigner extends Signer {
  constructor(private readonly signingKey: SigningKey) {
    super();
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    return cmsDetachedSignature(pdfBuffer, this.signingKey, signingTime ?? new Date());
  }
}

const signPdfEngine = new SignPdf();

/**
 * Signs a finished PDF: adds a signature field (incremental update) and fills it with an
 * adbe.pkcs7.detached signature made with the key of `signer.p12`.
 */
export async function signPdf(pdf: Buffer, signer: PdfSignerInput): Promise<Buffer> {
  const key = cachedSigningKey(signer.p12, signer.password);
  const signingTime = signer.signingTime ?? new Date();
  // Room for the certificates, the signed attributes and the signature value, in bytes (hex doubles it).
  const signatureLength = key.chain.reduce((a, c) => a + c.length, 0) + 2048;
  const fields = {
    reason: signer.reason ?? 'Documento fiscal emitido por imprenta digital',
    contactInfo: signer.contactInfo ?? '',
    name: signer.name ?? key.commonName,
    location: signer.location ?? 'Venezuela',
    signingTime,
    signatureLength,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    appName: 'sigece',
  };
  // pdfkit's output: the update written directly (the same bytes, half the signing time).
  const update = prepareSignatureUpdate(pdf, fields);
  if (update) return update.fill(cmsDetachedSignature(update.signedParts, key, signingTime));
  return signWithLibrary(pdf, key, fields);
}

/** Any other PDF: @signpdf's placeholder (it reads the whole PDF as text) and filler. */
export async function signWithLibrary(
  pdf: Buffer,
  key: SigningKey,
  fields: SignatureFields,
): Promise<Buffer> {
  const withPlaceholder = plainAddPlaceholder({ pdfBuffer: pdf, ...fields });
  return signPdfEngine.sign(withPlaceholder, new CmsSigner(key), fields.signingTime);
}
