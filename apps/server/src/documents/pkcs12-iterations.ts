// A PKCS#12 file names how many times its keys are derived from the password (the MAC's iteration
// count, RFC 7292 §4, and each PBE/PBKDF2 parameter set, RFC 7292 appendix C and RFC 8018 §A.2). Deriving
// is pure CPU on whatever thread opens the file: a 2.5 kB certificate asking 20,000,000 iterations froze
// the whole API for 20–134 s. The counts are read from the DER before any derivation
// and a file asking more than MAX_KEY_ITERATIONS is refused.
import forge from 'node-forge';

/**
 * What real issuers use: OpenSSL's default is 2,048 (MAC and PBES2 alike), Windows' exports 2,000 to
 * 10,000, Java's keytool 10,000 (JDK 12 on), and NIST SP 800-132 asks for at least 1,000 with 600,000 the
 * current OWASP advice for PBKDF2-SHA256 passwords. One million leaves room for every one of them and
 * bounds an opening at a few seconds of node-forge's CPU.
 */
export const MAX_KEY_ITERATIONS = 1_000_000;

/** Nesting read at most: a real PFX's counts sit within a dozen levels (PFX → authSafe → bags). */
const MAX_DEPTH = 24;

type Node = forge.asn1.Asn1;

function integerValue(node: Node): number {
  const bytes = typeof node.value === 'string' ? node.value : '';
  // A count of more than 6 bytes is beyond any bound we accept: report it as infinite.
  if (bytes.length > 6) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (let i = 0; i < bytes.length; i++) n = n * 256 + bytes.charCodeAt(i);
  return n;
}

const isType = (node: Node | undefined, type: number) =>
  node !== undefined && node.tagClass === forge.asn1.Class.UNIVERSAL && node.type === type;

/** An OCTET STRING may wrap DER (the authSafe's and the SafeContents' data): read it when it does. */
function innerDer(node: Node): Node | undefined {
  if (!isType(node, forge.asn1.Type.OCTETSTRING) || typeof node.value !== 'string') return undefined;
  try {
    return forge.asn1.fromDer(forge.util.createBuffer(node.value), true);
  } catch {
    return undefined;
  }
}

/**
 * Every iteration count in the file: a SEQUENCE that starts with an OCTET STRING salt followed by an
 * INTEGER is a pkcs-12PbeParams or a PBKDF2-params; MacData is the PFX's third element (DigestInfo, salt,
 * iterations).
 */
export function keyIterationCounts(der: Buffer): number[] {
  const root = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')), true);
  const counts: number[] = [];
  const mac = Array.isArray(root.value) ? (root.value[2] as Node | undefined) : undefined;
  if (mac && Array.isArray(mac.value) && isType(mac.value[2] as Node, forge.asn1.Type.INTEGER)) {
    counts.push(integerValue(mac.value[2] as Node));
  }
  const walk = (node: Node, depth: number) => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(node.value)) {
      const [first, second] = node.value as Node[];
      if (
        isType(node, forge.asn1.Type.SEQUENCE) &&
        isType(first, forge.asn1.Type.OCTETSTRING) &&
        isType(second, forge.asn1.Type.INTEGER)
      ) {
        counts.push(integerValue(second));
      }
      for (const child of node.value as Node[]) walk(child, depth + 1);
      return;
    }
    const inner = innerDer(node);
    if (inner) walk(inner, depth + 1);
  };
  walk(root, 0);
  return counts;
}

/** The file's largest iteration count, or 0 when it names none (an unencrypted, unMACed store). */
export function largestKeyIterationCount(der: Buffer): number {
  return Math.max(0, ...keyIterationCounts(der));
}
