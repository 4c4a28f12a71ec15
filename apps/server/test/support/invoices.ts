// Helpers of the invoice suites (invoices-*.test.ts): a valid invoice payload whose totals are computed
// here, independently of the server, the integration call, companies of a test's own with a control lot,
// roles and users with chosen permissions, row counts, polling and hand-built multipart bodies.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { expect } from 'vitest';
import { localidades } from '../../src/db/schema.ts';
import type { TestApp } from '../harness.ts';
import { type MultipartPart, multipart } from './multipart.ts';
import { createRole as roleWith, userWith as userWithGrants } from './users.ts';

export type Ctx = () => TestApp;

export const DEMO_USER = { email: 'usuario@sigece.local', password: 'usuario123' };
export const DEMO_RIF = 'J-123456789';
export const SECOND_RIF = 'J-987654321';
export const INGEST = '/v2/facturas/masivafacturacion';
export const LIST_MODULE = '/facturacion/generales';
export const NEW_MODULE = '/facturacion/generales/facturaGeneral';
export const LIST_ACTIONS = ['search', 'add', 'consultaseniat', 'view', 'cancel', 'print', 'addNota'];

let seq = 0;
/** A name no other test of the run uses. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
let numberSeq = 0;
/** An invoice number no other invoice of the file uses. */
export const nextNumber = (prefix = 'F') => `${prefix}${String(++numberSeq).padStart(6, '0')}`;
let documentSeq = 0;
/** A 9-digit document number no other test of the run uses (companies and clients). */
export const uniqueDocument = () => String(500_000_000 + (process.pid % 1000) * 10_000 + ++documentSeq);

// --- Payloads ----------------------------------------------------------------------------------------

export interface LineSpec {
  precio: number;
  cantidad: number;
  alicuota?: 0 | 8 | 16 | 31;
  exento?: boolean;
  exonerado?: boolean;
  /** Percent discount. */
  descuento?: number;
  /** Fixed-amount discount (used when no percent is given). */
  montoDescuento?: number;
  descripcion?: string;
  extra?: Record<string, unknown>;
}

/** Half-up to 2 places, computed on integers of 1/10000 to dodge binary-float ties. */
export function round2(value: number): number {
  const scaled = Math.round(value * 10_000);
  const sign = scaled < 0 ? -1 : 1;
  return (sign * Math.floor((Math.abs(scaled) + 50) / 100)) / 100;
}
export const fixed = (value: number) => round2(value).toFixed(2);

/** The line rules of spec 001 §4.4, written out independently of the server. */
export function priceLine(l: LineSpec) {
  const bruto = l.precio * l.cantidad;
  let importe = bruto;
  if (l.descuento && l.descuento > 0) importe = (l.precio - (l.precio * l.descuento) / 100) * l.cantidad;
  else if (l.montoDescuento && l.montoDescuento > 0) importe = bruto - l.montoDescuento;
  importe = round2(importe);
  const untaxed = l.exento || l.exonerado;
  const rate = untaxed ? 0 : (l.alicuota ?? 16);
  return {
    importe,
    descuento: round2(round2(bruto) - importe),
    rate,
    impuesto: round2((importe * rate) / 100),
  };
}

export function lineOf(l: LineSpec, i: number) {
  const p = priceLine(l);
  return {
    codigoProducto: `P-${String(i + 1).padStart(3, '0')}`,
    descripcion: l.descripcion ?? `Producto ${i + 1}`,
    unidadMedida: 'UNIDAD',
    cantidad: l.cantidad,
    precio: l.precio,
    exento: Boolean(l.exento),
    exonerado: Boolean(l.exonerado),
    importe: fixed(p.importe),
    alicuotaGravamen: l.alicuota ?? (l.exento || l.exonerado ? 0 : 16),
    montoGravamen: fixed(p.impuesto),
    montoDescuento: l.descuento ? fixed(p.descuento) : (l.montoDescuento ?? 0),
    descuento: l.descuento ?? 0,
    ...l.extra,
  };
}

/** Document totals from the lines: subtotal, exempt, exonerated, discount, tax per rate and total. */
export function totalsOf(lines: LineSpec[]) {
  const priced = lines.map(priceLine);
  const byRate = new Map<number, number>();
  lines.forEach((l, i) => {
    const p = priced[i];
    if (l.exento || l.exonerado || p.rate === 0) return;
    byRate.set(p.rate, (byRate.get(p.rate) ?? 0) + p.importe);
  });
  const gravamenes = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, base]) => ({
      baseImponible: fixed(base),
      alicuota: rate,
      montoAlicuota: fixed((round2(base) * rate) / 100),
    }));
  const subTotal = round2(priced.reduce((s, p) => s + p.importe, 0));
  const iva = gravamenes.reduce((s, g) => s + Number(g.montoAlicuota), 0);
  return {
    subTotal: fixed(subTotal),
    totalExento: fixed(lines.reduce((s, l, i) => s + (l.exento ? priced[i].importe : 0), 0)),
    totalExonerado: fixed(lines.reduce((s, l, i) => s + (l.exonerado ? priced[i].importe : 0), 0)),
    montoDescuento: fixed(priced.reduce((s, p) => s + p.descuento, 0)),
    importeTotal: fixed(subTotal + iva),
    lstGravamenes: gravamenes,
  };
}

export interface InvoiceSpec {
  rif?: string;
  nroFactura?: string;
  codigoSucursal?: string;
  lines?: LineSpec[];
  cliente?: Record<string, unknown>;
  /** Fields merged last: they win over the computed ones. */
  extra?: Record<string, unknown>;
}

/** A valid invoice of the contract; by default one line of 100.00 at 16 % (total 116.00). */
export function invoice(spec: InvoiceSpec = {}): Record<string, unknown> {
  const lines = spec.lines ?? [{ precio: 100, cantidad: 1, alicuota: 16 }];
  const totals = totalsOf(lines);
  return {
    rif: spec.rif ?? DEMO_RIF,
    ...(spec.codigoSucursal ? { codigoSucursal: spec.codigoSucursal } : {}),
    nroFactura: spec.nroFactura ?? nextNumber(),
    ...totals,
    condicionPago: 'CONTADO',
    facturaDivisa: 'VEF',
    cambioDivisa: 1,
    tipoCambioDiaUsd: '237.7529',
    tipoColetilla: false,
    tipoVenta: 'INTERNA',
    modeloFactura: 'GENERAL',
    rifPrestador: '',
    cliente: {
      contribuyenteEspecial: false,
      tipoDocumento: 'V',
      numeroDocumento: '12345678',
      identificacion: 'PEDRO PEREZ',
      direccion: 'Caracas',
      telefonoMovil: '04145550001',
      correo: 'pedro@example.com',
      tipoPersona: 'CLIENTE',
      tipoProveedor: 'PNR',
      ...spec.cliente,
    },
    lstDetallesFacturaGeneral: lines.map(lineOf),
    ...spec.extra,
  };
}

export interface IngestBody {
  code: number;
  TotalFacturasProcedas: number;
  totalFacturasNew: number;
  totalFacturaconError: number;
  DetalleErrorFacturas: Array<Array<{ posicion: number; NroFactura: string; Msg: string }>> | null;
  DetalleFacturaProcesadas: Array<
    Array<{ NroFactura: string; NroControl: string; Cliente: string; Msg: string; id: string }>
  >;
}

/** POST /v2/facturas/masivafacturacion; asserts HTTP 200 and returns the answer. */
export async function ingest(ctx: Ctx, token: string, body: unknown): Promise<IngestBody> {
  const res = await ctx().request({ method: 'POST', url: INGEST, token, payload: body as object });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as IngestBody;
}

/** Posts one invoice that must be created; returns its id and numbers. */
export async function createInvoice(ctx: Ctx, token: string, inv: Record<string, unknown>) {
  const answer = await ingest(ctx, token, [inv]);
  expect(answer.DetalleErrorFacturas ?? [], JSON.stringify(answer)).toEqual([]);
  expect(answer.totalFacturasNew).toBe(1);
  return answer.DetalleFacturaProcesadas[0][0];
}

// --- Companies, roles, users --------------------------------------------------------------------------

/** A company's id by RIF ("J-123456789"). */
export async function companyIdByRif(ctx: Ctx, rif: string): Promise<string> {
  const [row] = await ctx().database.query<{ id: string }>(
    `select id::text as id from localidades where tipo_documento || '-' || numero_documento = $1`,
    [rif],
  );
  if (!row) throw new Error(`no company ${rif}`);
  return row.id;
}

/**
 * A company of the test's own (inserted directly: the create route insists on a logo), with a global
 * invoice control lot of `lot` numbers from 0 registered through the API. Returns its id and RIF.
 */
export async function newCompany(
  ctx: Ctx,
  options: { contribuyenteEspecial?: boolean; lot?: number; nombre?: string } = {},
): Promise<{ id: string; rif: string; nombre: string }> {
  const numeroDocumento = uniqueDocument();
  const nombre = options.nombre ?? unique('Empresa Prueba');
  const [row] = await ctx()
    .database.db.insert(localidades)
    .values({
      nombre,
      tipoDocumento: 'J',
      numeroDocumento,
      direccion: 'Av. Bolívar, Caracas',
      telefono: '(212) 5550000',
      correo: 'empresa@example.com',
      tipoProveedor: 'PJD',
      contribuyenteEspecial: options.contribuyenteEspecial ?? false,
    })
    .returning({ id: localidades.id });
  const lot = options.lot ?? 1000;
  if (lot > 0) await globalLot(ctx, '/v2/facturas/addcontrolLoc', row.id, lot);
  return { id: row.id, rif: `J-${numeroDocumento}`, nombre };
}

/** POST /v2/facturas/isValidChecksum, the public verification form (no token), with these parts. */
export function verifyChecksum(ctx: Ctx, parts: MultipartPart[]) {
  const { body, contentType } = multipart(parts);
  return ctx().request({
    method: 'POST',
    url: '/v2/facturas/isValidChecksum',
    headers: { 'content-type': contentType },
    payload: body,
  });
}

/** Switches on the company's sending of its documents by e-mail (activarEnvioEmail, as the admin). */
export async function sendByEmail(ctx: Ctx, companyId: string): Promise<void> {
  const res = await ctx().request({
    method: 'PUT',
    url: '/v2/mantenimiento/localidad/activarEnvioEmail',
    token: await ctx().adminToken(),
    payload: { activaEnvioEmail: true, _id: companyId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Registers through `url` (an addcontrol… route) a Global lot of series 00 with `lot` numbers from 0. */
export async function globalLot(ctx: Ctx, url: string, companyId: string, lot: number): Promise<void> {
  const res = await ctx().request({
    method: 'POST',
    url,
    token: await ctx().adminToken(),
    payload: {
      id_localidad: companyId,
      tipo: 'Global',
      serie: '00',
      nroControl: 0,
      nroControlDesde: 0,
      nroControlHasta: lot,
      cantidadFacturas: lot,
      logEstatusRegistro: 'ACTIVO',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A role granting each module path with the listed action keys switched on (the others off): its id. */
export async function createRole(ctx: Ctx, grants: Record<string, string[]>): Promise<string> {
  return (await roleWith(ctx, grants)).id;
}

/** A user with a new role made of `grants`, granted `companies`, logged in: returns the token. */
export async function userWith(
  ctx: Ctx,
  grants: Record<string, string[]>,
  companies: string[],
): Promise<string> {
  return (await userWithGrants(ctx, grants, companies)).token;
}

// --- Database reads ------------------------------------------------------------------------------------

/** Everything an invoice may write: a refused invoice must leave all of it as it was. */
export async function footprint(ctx: Ctx): Promise<Record<string, string>> {
  const [row] = await ctx().database.query<Record<string, string>>(
    `select (select count(*) from facturas)::text as facturas,
            (select count(*) from factura_lineas)::text as factura_lineas,
            (select count(*) from factura_pagos)::text as factura_pagos,
            (select count(*) from factura_gravamenes)::text as factura_gravamenes,
            (select count(*) from clientes)::text as clientes,
            (select coalesce(sum(actual), 0) from control_lots)::text as control_lots_actual,
            (select coalesce(sum(actual), 0) from control_sublots)::text as control_sublots_actual,
            (select coalesce(sum(actual), 0) from invoice_number_ranges)::text as invoice_numbers_actual`,
  );
  return row;
}

/** The control_lots.actual of a company's active invoice lot. */
export async function lotActual(ctx: Ctx, localidadId: string): Promise<number> {
  const [row] = await ctx().database.query<{ actual: string }>(
    `select actual::text from control_lots where id_localidad = $1 and familia = 'FACTURA' and status = 'ACTIVO'`,
    [localidadId],
  );
  return Number(row.actual);
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

// --- Certificates and multipart ------------------------------------------------------------------------

/** A real PKCS#12: RSA key and a self-signed one-year certificate with `commonName`, 3DES. */
export function buildKeyStore(options: {
  password: string;
  friendlyName: string;
  commonName: string;
}): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + 1);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  const attrs = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: `${options.commonName} C.A.` },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], options.password, {
    friendlyName: options.friendlyName,
    algorithm: '3des',
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

export { type MultipartPart, multipart } from './multipart.ts';

/** PUT /uploadcertificado/{id}: the company's own PKCS#12. */
export async function uploadCertificate(
  ctx: Ctx,
  companyId: string,
  p12: Buffer,
  alias: string,
  password: string,
) {
  const { body, contentType } = multipart([
    { name: 'keyStoreAlias', value: alias },
    { name: 'keyStorePassword', value: password },
    { name: 'certificado', filename: 'empresa.p12', contentType: 'application/x-pkcs12', data: p12 },
  ]);
  return ctx().request({
    method: 'PUT',
    url: `/v2/mantenimiento/localidad/uploadcertificado/${companyId}`,
    token: await ctx().adminToken(),
    headers: { 'content-type': contentType },
    payload: body,
  });
}
