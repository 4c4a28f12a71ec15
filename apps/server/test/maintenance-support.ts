// Helpers shared by the company, certificate and catalog suites: roles and users with chosen
// permissions, the demo companies' ids, minimal image bytes, a real PKCS#12 and hand-built multipart.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

export type Ctx = () => TestApp;

export const DEMO_USER = { email: 'usuario@sigece.local', password: 'usuario123' };
export const DEMO_RIF = 'J-123456789';
export const SECOND_RIF = 'J-987654321';

let seq = 0;
/** A name no other test of the run uses. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** A 9-digit document number no other test of the run uses. */
let documentSeq = 0;
export const uniqueDocument = () => String(300_000_000 + (process.pid % 1000) * 10_000 + ++documentSeq);

interface ModuleRow {
  id: string;
  path: string;
  opciones: Array<{ _id: string; key: string; description: string }>;
}

/** A role granting each module path with the listed action keys switched on (the others off). */
export async function createRole(
  ctx: Ctx,
  grants: Record<string, string[]>,
): Promise<{ id: string; rol: string }> {
  const modules = await ctx().request({
    method: 'GET',
    url: '/v2/mantenimiento/modulo/getModulos?limit=500',
    token: await ctx().adminToken(),
  });
  expect(modules.statusCode).toBe(200);
  const byPath = new Map((modules.json().results as ModuleRow[]).map((m) => [m.path, m]));
  const rol = unique('rol');
  const res = await ctx().request({
    method: 'POST',
    url: '/v2/mantenimiento/roles/addrol',
    token: await ctx().adminToken(),
    payload: {
      rol,
      descripcion: `Rol de prueba ${rol}`,
      modulo: Object.entries(grants).map(([path, on]) => {
        const module = byPath.get(path);
        if (!module) throw new Error(`no module ${path}`);
        return {
          id: module.id,
          acciones: module.opciones.map((o) => ({ _id: o._id, key: o.key, status: on.includes(o.key) })),
        };
      }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

/** A user with a new role made of `grants`, granted `companies`, logged in: returns the token. */
export async function userWith(
  ctx: Ctx,
  grants: Record<string, string[]>,
  companies: string[],
): Promise<string> {
  const role = await createRole(ctx, grants);
  const alias = unique('usr');
  const email = `${alias}@example.com`;
  const password = 'clave-segura-1';
  const res = await ctx().request({
    method: 'POST',
    url: '/v2/users/addUser',
    token: await ctx().adminToken(),
    payload: {
      tipoDocumento: 'V',
      numeroDocumento: '11222333',
      firstName: 'Prueba',
      lastName: 'Permisos',
      userAlias: alias,
      email,
      password,
      role: role.id,
      id_localidad: companies,
      sucursales: [],
      userPortal: 'NO_PORTAL',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ctx().login(email, password);
}

const companyIds = new WeakMap<TestApp, Record<string, string>>();

/** The demo companies' ids by RIF ("J-123456789" Demo Comercial, "J-987654321" Servicios Ejemplo). */
export async function companyIdByRif(ctx: Ctx, rif: string): Promise<string> {
  let known = companyIds.get(ctx());
  if (!known) {
    const rows = await ctx().database.query<{ id: string; rif: string }>(
      `select id::text as id, tipo_documento || '-' || numero_documento as rif from localidades`,
    );
    known = Object.fromEntries(rows.map((r) => [r.rif, r.id]));
    companyIds.set(ctx(), known);
  }
  if (!known[rif]) {
    const [row] = await ctx().database.query<{ id: string }>(
      `select id::text as id from localidades where tipo_documento || '-' || numero_documento = $1`,
      [rif],
    );
    if (!row) throw new Error(`no company ${rif}`);
    known[rif] = row.id;
  }
  return known[rif];
}

/** A state's id and one municipality of it, by the state's ISO code and the municipality's name. */
export async function place(
  ctx: Ctx,
  estadoIso: string,
  municipio?: string,
): Promise<{ estado: string; municipio: string }> {
  const [row] = await ctx().database.query<{ estado: string; municipio: string }>(
    `select e.id::text as estado, m.id::text as municipio
       from estados e join municipios m on m.estado_id = e.id
      where e.iso = $1 and ($2::text is null or m.nombre = $2)
      order by m.nombre limit 1`,
    [estadoIso, municipio ?? null],
  );
  if (!row) throw new Error(`no place ${estadoIso} ${municipio}`);
  return row;
}

/** Minimal JPEG bytes (SOI + APP0 marker + padding + EOI) of the given total size. */
export function jpegBytes(size = 64): Buffer {
  const bytes = Buffer.alloc(Math.max(size, 6), 0x20);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.set([0xff, 0xd9], bytes.length - 2);
  return bytes;
}

/** Minimal PNG bytes: the 8-byte signature and an IHDR-looking tail. */
export function pngBytes(size = 64): Buffer {
  const bytes = Buffer.alloc(Math.max(size, 16), 0);
  bytes.set(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52],
    0,
  );
  return bytes;
}

export interface KeyStore {
  der: Buffer;
  notBefore: Date;
  notAfter: Date;
  serial: string;
}

/**
 * A real PKCS#12: an RSA key (generated by node's crypto for speed, then handed to forge), a
 * self-signed certificate valid for one year, bundled under `friendlyName` with 3DES.
 */
export function buildKeyStore(
  options: {
    password: string;
    friendlyName?: string;
    commonName?: string;
    organization?: string;
    bits?: number;
  } = {
    password: 'secreto',
  },
): KeyStore {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: options.bits ?? 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  const serial = `01${randomBytes(8).toString('hex')}`;
  cert.serialNumber = serial;
  const notBefore = new Date();
  notBefore.setUTCMilliseconds(0);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + 1);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  const attrs = [
    { name: 'commonName', value: options.commonName ?? 'Demo Comercial' },
    { name: 'organizationName', value: options.organization ?? 'Demo Comercial C.A.' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], options.password, {
    friendlyName: options.friendlyName ?? 'demo',
    algorithm: '3des',
  });
  return { der: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), notBefore, notAfter, serial };
}

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; data: Buffer };

/** A multipart/form-data body built by hand: `form-data` is not installed. */
export function multipart(parts: MultipartPart[]): { body: Buffer; contentType: string } {
  const boundary = `----sigece${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/x-pkcs12'}\r\n\r\n`,
        ),
      );
      chunks.push(part.data);
      chunks.push(Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** PUT /uploadcertificado/{id} with the given parts. */
export async function uploadCertificate(
  ctx: Ctx,
  token: string | undefined,
  companyId: string,
  parts: MultipartPart[],
) {
  const { body, contentType } = multipart(parts);
  return ctx().request({
    method: 'PUT',
    url: `/v2/mantenimiento/localidad/uploadcertificado/${companyId}`,
    token,
    headers: { 'content-type': contentType },
    payload: body,
  });
}

/** Rows of the table and of audit_log, to assert that a refused request wrote nothing. */
export async function snapshot(ctx: Ctx, ...tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [...tables, 'audit_log']) {
    const [row] = await ctx().database.query<{ n: string }>(`select count(*)::text as n from ${table}`);
    counts[table] = Number(row.n);
  }
  return counts;
}
