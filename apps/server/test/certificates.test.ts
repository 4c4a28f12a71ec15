import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { beforeAll, expect, it } from 'vitest';
import { slowCertificateMessage } from '../src/documents/keystore-thread.ts';
import { KeyStoreError } from '../src/documents/pkcs12.ts';
import {
  keyIterationCounts,
  largestKeyIterationCount,
  MAX_KEY_ITERATIONS,
} from '../src/documents/pkcs12-iterations.ts';
import { loadProviderCertificate } from '../src/documents/provider-certificate.ts';
import { openSigningKey } from '../src/documents/sign.ts';
import { createSecretBox } from '../src/secrets.ts';
import { describeWithApp } from './harness.ts';
import {
  buildKeyStore,
  jpegBytes,
  type KeyStore,
  type MultipartPart,
  place,
  snapshot,
  unique,
  uniqueDocument,
  uploadCertificate,
  userWith,
} from './maintenance-support.ts';
import { answersDuringOffThreadWork } from './support/off-thread.ts';

const L = '/v2/mantenimiento/localidad';
const PASSWORD = 'Clave-Ünica-del-P12!';
const ALIAS = 'demo';

const parts = (file: Buffer | undefined, alias = ALIAS, password = PASSWORD): MultipartPart[] => [
  { name: 'keyStoreAlias', value: alias },
  { name: 'keyStorePassword', value: password },
  ...(file ? [{ name: 'certificado', filename: 'demo-comercial.p12', data: file }] : []),
];

/** A PKCS#12 whose MAC and key bag each ask `count` key-derivation iterations (allowed up to 1,000,000). */
function storeWithIterations(count: number, password = PASSWORD, alias = ALIAS): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  ) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: 'Firma Lenta' }]);
  cert.setIssuer([{ name: 'commonName', value: 'Firma Lenta' }]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, {
    algorithm: '3des',
    friendlyName: alias,
    count,
  } as Parameters<typeof forge.pkcs12.toPkcs12Asn1>[3]);
  const der = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  expect(largestKeyIterationCount(der)).toBe(count);
  return der;
}

/**
 * `der` with its MAC's iteration count set to `count` (≤ 0xFFFFFF), as the 20,000,000 test below does: a
 * store that takes that many derivations before anything can be said of it, built without deriving.
 */
function withMacIterations(der: Buffer, count: number): Buffer {
  const pfx = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
  const macData = (pfx.value as forge.asn1.Asn1[])[2];
  (macData.value as forge.asn1.Asn1[])[2].value = String.fromCharCode(
    (count >> 16) & 0xff,
    (count >> 8) & 0xff,
    count & 0xff,
  );
  const patched = Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary');
  expect(largestKeyIterationCount(patched)).toBe(count);
  return patched;
}

describeWithApp('certificates: PKCS#12 upload, validation and storage', (ctx) => {
  let admin: string;
  let store: KeyStore;
  let companyId: string;
  const stored = async (id: string) =>
    ctx().database.query<{
      archivo_cifrado: Uint8Array;
      clave_cifrada: Uint8Array;
      alias: string;
      serial: string;
    }>('select archivo_cifrado, clave_cifrada, alias, serial from certificados where id_localidad = $1', [
      id,
    ]);

  async function newCompany(): Promise<string> {
    const where = await place(ctx, 'VE-A', 'Libertador');
    const res = await ctx().request({
      method: 'POST',
      url: `${L}/addlocalidad`,
      token: admin,
      payload: {
        tipoDocumento: 'J',
        numeroDocumento: uniqueDocument(),
        nombre: unique('Firmante'),
        id_estado: where.estado,
        id_municipio: where.municipio,
        direccion: 'Caracas',
        telefono: '(212) 5550000',
        correo: 'firma@example.com',
        tipoProveedor: 'PJD',
        contribuyenteEspecial: false,
        aerolinea: false,
        logo: jpegBytes(64).toString('base64'),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id;
  }

  beforeAll(async () => {
    admin = await ctx().adminToken();
    store = buildKeyStore({ password: PASSWORD, friendlyName: ALIAS, bits: 2048 });
    companyId = await newCompany();
  });

  it('the right password and alias: 200 "Certificado registrada" with subject, issuer, serial and one-year validity', async () => {
    const before = await snapshot(ctx, 'certificados');
    const res = await uploadCertificate(ctx, admin, companyId, parts(store.der));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Certificado registrada');
    expect(res.json().result).toMatchObject({
      keyStoreAlias: ALIAS,
      subject: 'CN=Demo Comercial, O=Demo Comercial C.A.',
      issuer: 'CN=Demo Comercial, O=Demo Comercial C.A.',
      serial: store.serial,
      validFrom: store.notBefore.toISOString(),
      validTo: store.notAfter.toISOString(),
    });
    expect(await snapshot(ctx, 'certificados')).toEqual({
      certificados: before.certificados + 1,
      audit_log: before.audit_log + 1,
    });

    const detail = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidad/${companyId}`,
      token: admin,
    });
    expect(detail.statusCode).toBe(200);
    const certificado = detail.json().result.certificado;
    expect(certificado.subject).toContain('CN=Demo Comercial');
    expect(certificado.keyStoreAlias).toBe(ALIAS);
    const days = (Date.parse(certificado.validTo) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(366);
    expect(certificado.validTo).toBe(store.notAfter.toISOString());
  });

  it('the key store and its password are stored encrypted and open back with the server key', async () => {
    const [row] = await stored(companyId);
    const archivo = Buffer.from(row.archivo_cifrado);
    const clave = Buffer.from(row.clave_cifrada);
    expect(archivo.equals(store.der)).toBe(false);
    expect(archivo.includes(store.der.subarray(0, 64))).toBe(false);
    expect(archivo.includes(Buffer.from(PASSWORD, 'utf8'))).toBe(false);
    expect(clave.includes(Buffer.from(PASSWORD, 'utf8'))).toBe(false);
    expect(clave.toString('latin1')).not.toContain(PASSWORD);
    // AES-GCM: 12-byte IV and 16-byte tag in front of the ciphertext.
    expect(archivo.length).toBe(store.der.length + 28);
    const box = createSecretBox(ctx().config.secretsKey);
    expect(box.open(archivo).equals(store.der)).toBe(true);
    expect(box.open(clave).toString('utf8')).toBe(PASSWORD);
    // Nor does the audit trail keep the password or the file.
    const audit = await ctx().database.query<{ text: string }>(
      `select coalesce(before::text, '') || coalesce(after::text, '') as text from audit_log where entity = 'certificado' and entity_id = $1`,
      [companyId],
    );
    expect(audit.length).toBeGreaterThan(0);
    for (const entry of audit) {
      expect(entry.text).not.toContain(PASSWORD);
      expect(entry.text).not.toContain(store.der.toString('base64').slice(0, 40));
    }
  });

  it('no API answer carries the password or the file', async () => {
    const base64 = store.der.toString('base64');
    const answers = [
      await ctx().request({ method: 'GET', url: `${L}/getlocalidad/${companyId}`, token: admin }),
      await ctx().request({ method: 'GET', url: `${L}/getlocalidades?limit=100`, token: admin }),
      await uploadCertificate(ctx, admin, companyId, parts(store.der)),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(PASSWORD);
      expect(res.body).not.toContain(base64.slice(0, 60));
      expect(res.body).not.toContain(store.der.toString('hex').slice(0, 60));
      expect(res.body).not.toMatch(/keyStorePassword|keystoreArchivo|archivoCifrado|claveCifrada/);
    }
    const listed = answers[1].json().results.find((c: { id: string }) => c.id === companyId);
    expect(listed).toBeDefined();
  });

  it('a second upload replaces the certificate: one row, the new serial, audited as a replacement', async () => {
    const next = buildKeyStore({
      password: 'otra-clave',
      friendlyName: 'firma2026',
      commonName: 'Demo Comercial Firma',
      bits: 1024,
    });
    const res = await uploadCertificate(ctx, admin, companyId, parts(next.der, 'firma2026', 'otra-clave'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ keyStoreAlias: 'firma2026', serial: next.serial });
    const rows = await stored(companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ alias: 'firma2026', serial: next.serial });
    const box = createSecretBox(ctx().config.secretsKey);
    expect(box.open(Buffer.from(rows[0].archivo_cifrado)).equals(next.der)).toBe(true);
    const [last] = await ctx().database.query<{ action: string }>(
      `select action from audit_log where entity = 'certificado' and entity_id = $1 order by id desc limit 1`,
      [companyId],
    );
    expect(last.action).toBe('replace');
    // Fields may come after the file.
    const reordered = await uploadCertificate(ctx, admin, companyId, [...parts(store.der)].reverse());
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().result.serial).toBe(store.serial);
  });

  it('a wrong password: 400 "La contraseña del certificado no es correcta", nothing stored', async () => {
    const fresh = await newCompany();
    const before = await snapshot(ctx, 'certificados');
    const res = await uploadCertificate(ctx, admin, fresh, parts(store.der, ALIAS, 'no-es-la-clave'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La contraseña del certificado no es correcta');
    expect(await snapshot(ctx, 'certificados')).toEqual(before);
    expect(await stored(fresh)).toHaveLength(0);
  });

  it('a wrong password on a company that already has one leaves the stored certificate untouched', async () => {
    const [before] = await stored(companyId);
    const res = await uploadCertificate(ctx, admin, companyId, parts(store.der, ALIAS, 'mala'));
    expect(res.statusCode).toBe(400);
    const [after] = await stored(companyId);
    expect(Buffer.from(after.archivo_cifrado).equals(Buffer.from(before.archivo_cifrado))).toBe(true);
    expect(after.serial).toBe(before.serial);
  });

  it('a wrong alias: 400 "El alias ... no existe en el certificado", nothing stored', async () => {
    const fresh = await newCompany();
    const before = await snapshot(ctx, 'certificados');
    const res = await uploadCertificate(ctx, admin, fresh, parts(store.der, 'otro-alias'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El alias otro-alias no existe en el certificado');
    expect(await snapshot(ctx, 'certificados')).toEqual(before);
  });

  it('a certificate asking 20,000,000 key-derivation iterations: 400 before any derivation, nothing stored', async () => {
    // The store as real tools write it names its counts: the MAC's and each PBE parameter set's.
    const counts = keyIterationCounts(store.der);
    expect(counts.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_KEY_ITERATIONS);
    // The same store with its MAC's iteration count raised to 20,000,000 (encoded 0x01 0x31 0x2D 0x00).
    const pfx = forge.asn1.fromDer(forge.util.createBuffer(store.der.toString('binary')));
    const macData = (pfx.value as forge.asn1.Asn1[])[2];
    (macData.value as forge.asn1.Asn1[])[2].value = String.fromCharCode(0x01, 0x31, 0x2d, 0x00);
    const hostile = Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary');
    expect(largestKeyIterationCount(hostile)).toBe(20_000_000);

    const fresh = await newCompany();
    const before = await snapshot(ctx, 'certificados');
    // With the right password too: deriving 20,000,000 times took 134 s on the event loop before.
    const res = await uploadCertificate(ctx, admin, fresh, parts(hostile));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'El certificado pide 20.000.000 iteraciones para derivar sus claves; se admiten hasta 1.000.000. Expórtelo de nuevo con los valores habituales (por ejemplo, 2.048 o 10.000).',
    );
    expect(await snapshot(ctx, 'certificados')).toEqual(before);
    // The signing path opens stores through the same check.
    expect(() => openSigningKey(hostile, PASSWORD)).toThrow(KeyStoreError);
  });

  it('a slow but allowed certificate (200,000 iterations) opens on a worker thread: the API keeps answering meanwhile', async () => {
    const slow = storeWithIterations(200_000);
    const fresh = await newCompany();
    const { result, answersDuring, tasks } = await answersDuringOffThreadWork(
      uploadCertificate(ctx, admin, fresh, parts(slow)),
      async () => {
        const health = await ctx().request({ method: 'GET', url: '/v2/health' });
        expect(health.statusCode).toBe(200);
      },
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().result.subject).toBe('CN=Firma Lenta');
    expect(tasks).toContain('certificado');
    // Deriving 200,000 times twice takes node-forge long enough for many answers; on the event loop, none.
    expect(answersDuring).toBeGreaterThanOrEqual(20);
  });

  it('a certificate that does not open within the time limit: 400 in Spanish, nothing stored', async () => {
    // 1,000,000 iterations is the most accepted: seconds of derivation, far past a 300 ms limit.
    const slowest = withMacIterations(store.der, 1_000_000);
    const fresh = await newCompany();
    const before = await snapshot(ctx, 'certificados');
    const limit = ctx().config.certificateOpenTimeoutMs;
    ctx().config.certificateOpenTimeoutMs = 300;
    try {
      const res = await uploadCertificate(ctx, admin, fresh, parts(slowest));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(slowCertificateMessage(300));
      expect(res.json().message).toBe(
        'El certificado no se pudo abrir en el tiempo límite (0,3 s). Expórtelo de nuevo con los valores habituales de iteraciones (por ejemplo, 2.048 o 10.000).',
      );
    } finally {
      ctx().config.certificateOpenTimeoutMs = limit;
    }
    expect(await snapshot(ctx, 'certificados')).toEqual(before);
    expect(await stored(fresh)).toHaveLength(0);
  });

  it("the provider's certificate (PROVIDER_P12) opens on a worker thread under the same time limit", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sigece-provider-'));
    try {
      const slowPath = join(dir, 'lento.p12');
      await writeFile(slowPath, storeWithIterations(200_000));
      const config = { dataDir: dir, providerP12Path: slowPath, providerP12Password: PASSWORD };
      const { result, answersDuring, tasks } = await answersDuringOffThreadWork(
        loadProviderCertificate(config),
        () => ctx().request({ method: 'GET', url: '/v2/health' }),
      );
      expect(result.subject).toBe('CN=Firma Lenta');
      expect(tasks).toEqual(['certificado']);
      expect(answersDuring).toBeGreaterThanOrEqual(20);
      const slowestPath = join(dir, 'mas-lento.p12');
      await writeFile(slowestPath, withMacIterations(store.der, 1_000_000));
      await expect(
        loadProviderCertificate({ ...config, providerP12Path: slowestPath, openTimeoutMs: 300 }),
      ).rejects.toThrow(new KeyStoreError(slowCertificateMessage(300)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('no file: 400 "Debe Selecionar un Certificado"; an empty file too', async () => {
    const fresh = await newCompany();
    const before = await snapshot(ctx, 'certificados');
    const none = await uploadCertificate(ctx, admin, fresh, parts(undefined));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Debe Selecionar un Certificado');
    const empty = await uploadCertificate(ctx, admin, fresh, parts(Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Debe Selecionar un Certificado');
    // A file under another field name is not the certificate.
    const elsewhere = await uploadCertificate(ctx, admin, fresh, [
      ...parts(undefined),
      { name: 'archivo', filename: 'x.p12', data: store.der },
    ]);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('Debe Selecionar un Certificado');
    expect(await snapshot(ctx, 'certificados')).toEqual(before);
  });

  it('a file over 200000 bytes: 400 "El archivo es muy Pesado"', async () => {
    const fresh = await newCompany();
    const before = await snapshot(ctx, 'certificados');
    const heavy = Buffer.concat([store.der, randomBytes(200_001 - store.der.length)]);
    expect(heavy.length).toBe(200_001);
    const res = await uploadCertificate(ctx, admin, fresh, parts(heavy));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El archivo es muy Pesado');
    expect(await snapshot(ctx, 'certificados')).toEqual(before);
  });

  it('garbage bytes: 400 "not a PKCS#12", nothing stored', async () => {
    const fresh = await newCompany();
    const before = await snapshot(ctx, 'certificados');
    for (const garbage of [randomBytes(2048), Buffer.from('esto no es un certificado'), jpegBytes(500)]) {
      const res = await uploadCertificate(ctx, admin, fresh, parts(garbage));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('El archivo no es un certificado PKCS#12 (.p12/.pfx) válido');
    }
    expect(await snapshot(ctx, 'certificados')).toEqual(before);
  });

  it('alias and password are required ("Es requerido"); a JSON body is refused in Spanish', async () => {
    const fresh = await newCompany();
    const before = await snapshot(ctx, 'certificados');
    const noAlias = await uploadCertificate(ctx, admin, fresh, parts(store.der, ''));
    expect(noAlias.statusCode).toBe(400);
    expect(noAlias.json()).toMatchObject({ message: 'Es requerido', errors: [{ path: 'keyStoreAlias' }] });
    const noPassword = await uploadCertificate(ctx, admin, fresh, [
      { name: 'keyStoreAlias', value: ALIAS },
      { name: 'certificado', filename: 'a.p12', data: store.der },
    ]);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({
      message: 'Es requerido',
      errors: [{ path: 'keyStorePassword' }],
    });
    const json = await ctx().request({
      method: 'PUT',
      url: `${L}/uploadcertificado/${fresh}`,
      token: admin,
      payload: {
        keyStoreAlias: ALIAS,
        keyStorePassword: PASSWORD,
        certificado: store.der.toString('base64'),
      },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Envíe el certificado como multipart/form-data');
    expect(await snapshot(ctx, 'certificados')).toEqual(before);
  });

  it('an inactive company refuses a certificate; an unknown company is 404', async () => {
    const fresh = await newCompany();
    const off = await ctx().request({ method: 'PUT', url: `${L}/inactivarLocalidad/${fresh}`, token: admin });
    expect(off.json().message).toBe('Localidad Inactiva');
    const before = await snapshot(ctx, 'certificados');
    const res = await uploadCertificate(ctx, admin, fresh, parts(store.der));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La razón social está inactiva');
    const missing = await uploadCertificate(
      ctx,
      admin,
      '00000000-0000-4000-8000-000000000000',
      parts(store.der),
    );
    expect(missing.statusCode).toBe(404);
    expect(await snapshot(ctx, 'certificados')).toEqual(before);
  });

  it("401 without a token; 403 without addCertificado; 403 for a company outside the user's grant", async () => {
    const withoutAction = await userWith(ctx, { '/mantenimiento/Localidad': ['view', 'update'] }, [
      companyId,
    ]);
    const other = await newCompany();
    const scoped = await userWith(ctx, { '/mantenimiento/Localidad': ['addCertificado'] }, [other]);
    const before = await snapshot(ctx, 'certificados');
    const anonymous = await uploadCertificate(ctx, undefined, companyId, parts(store.der));
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await uploadCertificate(ctx, withoutAction, companyId, parts(store.der));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('No tiene permiso para realizar esta acción');
    const foreign = await uploadCertificate(ctx, scoped, companyId, parts(store.der));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('No tiene acceso a esta razón social o sucursal');
    expect(await snapshot(ctx, 'certificados')).toEqual(before);
    // The same user on their own company: accepted.
    const own = await uploadCertificate(ctx, scoped, other, parts(store.der));
    expect(own.statusCode, own.body).toBe(200);
  });
});
