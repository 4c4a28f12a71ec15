import type { RoleModule } from '@sigece/fiscal';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const status = () => text('log_estatus_registro').notNull().default('ACTIVO');
const auditColumns = () => ({
  createdAt: timestamp('log_fecha_registro', { withTimezone: true }).notNull().defaultNow(),
  createdBy: text('log_username').notNull().default('sistema'),
  updatedAt: timestamp('log_fecha_modificacion', { withTimezone: true }),
});

export interface ModuleOption {
  _id: string;
  key: string;
  description: string;
}

export const modules = pgTable('modules', {
  id: id(),
  name: text('name').notNull(),
  path: text('path').notNull().unique(),
  permiso: boolean('permiso').notNull().default(true),
  opciones: jsonb('opciones').$type<ModuleOption[]>().notNull().default([]),
  status: status(),
  ...auditColumns(),
});

export const roles = pgTable('roles', {
  id: id(),
  rol: text('rol').notNull().unique(),
  descripcion: text('descripcion').notNull(),
  modulos: jsonb('modulos').$type<RoleModule[]>().notNull().default([]),
  status: status(),
  ...auditColumns(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    tipoDocumento: text('tipo_documento').notNull(),
    numeroDocumento: text('numero_documento').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userAlias: text('user_alias').notNull(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    roleId: uuid('role_id').references(() => roles.id),
    masterAdmin: boolean('master_admin').notNull().default(false),
    localidades: uuid('id_localidad').array().notNull().default(sql`'{}'::uuid[]`),
    sucursales: uuid('sucursales').array().notNull().default(sql`'{}'::uuid[]`),
    userPortal: text('user_portal').notNull().default('NO_PORTAL'),
    status: status(),
    ...auditColumns(),
  },
  (t) => [index('users_role_idx').on(t.roleId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Every rotation of one login shares a family, so reuse of an old token revokes them all. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_at_idx').on(t.email, t.at)],
);

export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every e-mail the system sends, delivered over SMTP or kept here as the local outbox when no SMTP
 * server is configured. The e-mail log report reads it.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    messageId: text('message_id'),
    transport: text('transport').notNull(),
    from: text('from_address').notNull(),
    to: text('to_addresses').array().notNull(),
    cc: text('cc_addresses').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    html: text('body_html'),
    statusCode: text('status_code'),
    statusText: text('status_text'),
    tipoDoc: text('tipo_doc'),
    nroDoc: text('nro_doc'),
    localidadId: uuid('id_localidad'),
    sucursalId: uuid('id_sucursal'),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_messages_created_idx').on(t.createdAt)],
);

/** Who changed what, when, through which route, with the values before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_user_at_idx').on(t.userId, t.at)],
);

/** Binary columns (logos, stamps, encrypted key stores) as Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// --- Reference data (spec 002 §3 "Reference data"; seeded from db/reference) --------------------

export const paises = pgTable('paises', {
  id: id(),
  nombre: text('nombre').notNull().unique(),
  iso: text('iso'),
  status: status(),
  ...auditColumns(),
});

export const estados = pgTable(
  'estados',
  {
    id: id(),
    paisId: uuid('pais_id')
      .notNull()
      .references(() => paises.id),
    nombre: text('nombre').notNull(),
    iso: text('iso'),
    status: status(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('estados_pais_nombre_uq').on(t.paisId, t.nombre)],
);

export const municipios = pgTable(
  'municipios',
  {
    id: id(),
    estadoId: uuid('estado_id')
      .notNull()
      .references(() => estados.id),
    nombre: text('nombre').notNull(),
    codigo: text('codigo'),
    capital: text('capital'),
    status: status(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('municipios_estado_nombre_uq').on(t.estadoId, t.nombre)],
);

export const bancos = pgTable('bancos', {
  id: id(),
  nombre: text('nombre').notNull(),
  codigo: text('codigo').notNull().unique(),
  sitioWeb: text('sitio_web'),
  correo: text('correo'),
  status: status(),
  ...auditColumns(),
});

export const divisas = pgTable('divisas', {
  id: id(),
  nombre: text('nombre').notNull(),
  iso: text('iso').notNull().unique(),
  simbolo: text('simbolo').notNull(),
  decimales: integer('decimales').notNull().default(2),
  /** Latest rate in Bs. per unit; the history is in tasas_cambio. */
  valor: numeric('valor', { precision: 24, scale: 8 }),
  fechaValor: date('fecha_valor'),
  status: status(),
  ...auditColumns(),
});

/** One official (or manually entered) rate per currency and day: a document uses its own day's rate. */
export const tasasCambio = pgTable(
  'tasas_cambio',
  {
    id: id(),
    iso: text('iso').notNull(),
    fecha: date('fecha').notNull(),
    valor: numeric('valor', { precision: 24, scale: 8 }).notNull(),
    fuente: text('fuente').notNull(),
    createdBy: text('log_username').notNull().default('sistema'),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tasas_cambio_iso_fecha_uq').on(t.iso, t.fecha)],
);

export const tiposGravamen = pgTable('tipos_gravamen', {
  id: id(),
  codigo: text('codigo').notNull().unique(),
  concepto: text('concepto').notNull(),
  ivaGeneral: boolean('iva_general').notNull().default(false),
  tipo: integer('tipo').notNull().default(6),
  exento: boolean('exento').notNull().default(false),
  exonerado: boolean('exonerado').notNull().default(false),
  status: status(),
  ...auditColumns(),
});

export const valoresGravamen = pgTable(
  'valores_gravamen',
  {
    id: id(),
    tipoGravamenId: uuid('tipo_gravamen_id')
      .notNull()
      .references(() => tiposGravamen.id),
    valor: numeric('valor', { precision: 7, scale: 2 }).notNull(),
    fechaDesde: date('fecha_desde').notNull(),
    fechaHasta: date('fecha_hasta'),
    status: status(),
    ...auditColumns(),
  },
  (t) => [index('valores_gravamen_tipo_idx').on(t.tipoGravamenId)],
);

export const categoriasNota = pgTable('categorias_nota', {
  id: id(),
  codigo: text('codigo').notNull(),
  nombre: text('nombre').notNull(),
  tipoNota: text('tipo_nota').notNull(),
  status: status(),
  ...auditColumns(),
});

export const incoterms = pgTable('incoterms', {
  id: id(),
  nombre: text('nombre').notNull().unique(),
  descripcion: text('descripcion').notNull(),
  tipo: text('tipo').notNull(),
  status: status(),
  ...auditColumns(),
});

export const conceptosIslr = pgTable(
  'conceptos_islr',
  {
    id: id(),
    codigo: text('codigo').notNull(),
    concepto: text('concepto').notNull(),
    tipoPersona: text('tipo_persona').notNull(),
    porcentaje: numeric('porcentaje', { precision: 7, scale: 2 }).notNull(),
    baseImponible: numeric('base_imponible', { precision: 7, scale: 2 }).notNull(),
    sustraendo: boolean('sustraendo').notNull().default(false),
    factor: numeric('factor', { precision: 12, scale: 4 }),
    montoMinimo: numeric('monto_minimo', { precision: 20, scale: 2 }),
  },
  (t) => [uniqueIndex('conceptos_islr_codigo_uq').on(t.codigo)],
);

// --- Companies (localidades) and branches (sucursales), spec 000 §3 ------------------------------

export const localidades = pgTable(
  'localidades',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    tipoDocumento: text('tipo_documento').notNull(),
    numeroDocumento: text('numero_documento').notNull(),
    estadoId: uuid('id_estado').references(() => estados.id),
    municipioId: uuid('id_municipio').references(() => municipios.id),
    direccion: text('direccion').notNull(),
    telefono: text('telefono').notNull(),
    correo: text('correo').notNull(),
    contribuyenteEspecial: boolean('contribuyente_especial').notNull().default(false),
    aerolinea: boolean('aerolinea').notNull().default(false),
    tipoProveedor: text('tipo_proveedor').notNull(),
    logo: bytea('logo'),
    sello: bytea('sello'),
    envioEmail: boolean('envio_email').notNull().default(false),
    marcaAguaFactura: boolean('marca_agua_factura').notNull().default(false),
    asignaNroFacturas: text('asigna_nro_facturas').notNull().default('INACTIVO'),
    status: status(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('localidades_rif_uq').on(t.tipoDocumento, t.numeroDocumento)],
);

export const sucursales = pgTable(
  'sucursales',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    codigoSucursal: text('codigo_sucursal').notNull(),
    nombre: text('nombre').notNull(),
    direccion: text('direccion').notNull(),
    telefono: text('telefono').notNull(),
    correo: text('correo').notNull(),
    estadoId: uuid('id_estado').references(() => estados.id),
    municipioId: uuid('id_municipio').references(() => municipios.id),
    envioEmail: boolean('envio_email').notNull().default(false),
    marcaAguaFactura: boolean('marca_agua_factura').notNull().default(false),
    asignaNroFacturas: text('asigna_nro_facturas').notNull().default('INACTIVO'),
    status: status(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sucursales_codigo_uq').on(t.localidadId, t.codigoSucursal)],
);

/** The company's PKCS#12 key store and its password, both encrypted with the server key. */
export const certificados = pgTable('certificados', {
  localidadId: uuid('id_localidad')
    .primaryKey()
    .references(() => localidades.id),
  alias: text('alias').notNull(),
  archivoCifrado: bytea('archivo_cifrado').notNull(),
  claveCifrada: bytea('clave_cifrada').notNull(),
  subject: text('subject').notNull(),
  issuer: text('issuer').notNull(),
  serial: text('serial').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  ...auditColumns(),
});

export const cuentasTerceros = pgTable(
  'cuentas_terceros',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    nombrePrestador: text('nombre_prestador').notNull(),
    rifPrestador: text('rif_prestador').notNull(),
    domicilioPrestador: text('domicilio_prestador').notNull(),
    ...auditColumns(),
  },
  (t) => [index('cuentas_terceros_localidad_idx').on(t.localidadId)],
);

// --- Products, clients and discounts (spec 002 §3) --------------------------------------------------

export const productos = pgTable(
  'productos',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    codigo: text('codigo').notNull(),
    descripcion: text('descripcion').notNull(),
    unidadMedida: text('unidad_medida').notNull(),
    precio: numeric('precio', { precision: 20, scale: 2 }).notNull().default('0'),
    divisaPrecio: numeric('divisa_precio', { precision: 20, scale: 2 }).notNull().default('0'),
    precioPtr: numeric('precio_ptr', { precision: 24, scale: 8 }).notNull().default('0'),
    precioEur: numeric('precio_eur', { precision: 20, scale: 2 }).notNull().default('0'),
    stock: numeric('stock', { precision: 20, scale: 3 }).notNull().default('0'),
    tipoVenta: text('tipo_venta').notNull(),
    exento: boolean('exento').notNull().default(false),
    exonerado: boolean('exonerado').notNull().default(false),
    tipoGravamenId: uuid('tipo_gravamen_id').references(() => tiposGravamen.id),
    status: status(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('productos_localidad_codigo_uq').on(t.localidadId, t.codigo)],
);

/** Clients belong to a company: one company never sees another's clients. */
export const clientes = pgTable(
  'clientes',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    tipoDocumento: text('tipo_documento').notNull(),
    numeroDocumento: text('numero_documento').notNull(),
    identificacion: text('identificacion').notNull(),
    correo: text('correo'),
    ccCorreo: text('cc_correo'),
    direccion: text('direccion'),
    telefonoMovil: text('telefono_movil'),
    telefonoHabitacion: text('telefono_habitacion'),
    contribuyenteEspecial: boolean('contribuyente_especial').notNull().default(false),
    tipoProveedor: text('tipo_proveedor').notNull().default('PNR'),
    tipoPersona: text('tipo_persona').notNull().default('CLIENTE'),
    status: status(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('clientes_localidad_documento_uq').on(t.localidadId, t.tipoDocumento, t.numeroDocumento),
    // The picker matches the document number by prefix within a company (spec 002 §2.11).
    index('clientes_picker_idx').on(t.localidadId, sql`numero_documento text_pattern_ops`),
  ],
);

export const descuentos = pgTable('descuentos', {
  id: id(),
  localidadId: uuid('id_localidad').references(() => localidades.id),
  sucursalId: uuid('id_sucursal').references(() => sucursales.id),
  titulo: text('titulo').notNull(),
  descripcion: text('descripcion').notNull(),
  tipoMonto: integer('tipo_monto').notNull(),
  monto: numeric('monto', { precision: 20, scale: 2 }).notNull(),
  status: status(),
  ...auditColumns(),
});

/**
 * The columns every range of numbers shares (control lots, branch sub-lots, automatic invoice numbers,
 * withholding vouchers): numbers run desde+1 … hasta, `actual` is the last one handed out, ranges of one
 * scope wait their turn by `seq`.
 */
const numberRange = () => ({
  serie: text('serie').notNull(),
  cantidad: bigint('cantidad', { mode: 'number' }).notNull(),
  desde: bigint('desde', { mode: 'number' }).notNull(),
  hasta: bigint('hasta', { mode: 'number' }).notNull(),
  actual: bigint('actual', { mode: 'number' }).notNull(),
  status: text('status').notNull(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  createdBy: text('log_username').notNull().default('sistema'),
  createdAt: timestamp('log_fecha_registro', { withTimezone: true }).notNull().defaultNow(),
});

// --- Numbering (issue "Control numbers"): lots are never edited once used; every row is kept -------

/**
 * A company lot of control numbers for one family. Numbers run desde+1 … hasta; `actual` is the last
 * one handed out. GLOBAL lots serve the company and all its branches; INDIVIDUAL lots are carved into
 * sub-lots (`subAsignado` is how much is carved). One ACTIVO lot per company and family, the others
 * ENCOLA by `seq`, AGOTADO when used up.
 */
export const controlLots = pgTable(
  'control_lots',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    familia: text('familia').notNull(),
    tipo: text('tipo').notNull(),
    ...numberRange(),
    subAsignado: bigint('sub_asignado', { mode: 'number' }).notNull().default(0),
    localidadGeneraFac: boolean('localidad_genera_fac').notNull().default(false),
    updatedAt: timestamp('log_fecha_modificacion', { withTimezone: true }),
  },
  (t) => [
    index('control_lots_scope_idx').on(t.localidadId, t.familia, t.status),
    // At most one ACTIVO lot per company and family, enforced by the database itself.
    uniqueIndex('control_lots_one_active_uq').on(t.localidadId, t.familia).where(sql`status = 'ACTIVO'`),
  ],
);

/** A sub-range of an INDIVIDUAL lot for one branch (or the head office when sucursal is null). */
export const controlSublots = pgTable(
  'control_sublots',
  {
    id: id(),
    lotId: uuid('id_control_localidad')
      .notNull()
      .references(() => controlLots.id),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    sucursalId: uuid('id_sucursal').references(() => sucursales.id),
    familia: text('familia').notNull(),
    ...numberRange(),
  },
  (t) => [
    index('control_sublots_scope_idx').on(t.localidadId, t.familia, t.sucursalId, t.status),
    index('control_sublots_lot_idx').on(t.lotId),
  ],
);

/**
 * Automatic invoice numbers of a company (sucursal null) or a branch: numbers desde+1 … hasta, the
 * last handed out in `actual`. The company's or branch's asigna_nro_facturas decides whether they apply.
 */
export const invoiceNumberRanges = pgTable(
  'invoice_number_ranges',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    sucursalId: uuid('id_sucursal').references(() => sucursales.id),
    ...numberRange(),
  },
  (t) => [index('invoice_number_ranges_scope_idx').on(t.localidadId, t.sucursalId, t.status)],
);

/** An agent's withholding voucher sequence: voucher = yyyyMM + 8-digit (actual + 1). */
export const withholdingNumberRanges = pgTable(
  'withholding_number_ranges',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    ...numberRange(),
    asignaNro: boolean('asigna_nro').notNull().default(true),
  },
  (t) => [index('withholding_number_ranges_scope_idx').on(t.localidadId, t.status)],
);

// --- Invoices (spec 001 §3.1–3.5) ------------------------------------------------------------------

/**
 * An invoice as stored: the numbers (its own and the control number), the parties as they were at
 * issue, the exact totals, and the signed PDF's bytes and SHA-256 once generated (never changed after).
 */
export const facturas = pgTable(
  'facturas',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    sucursalId: uuid('id_sucursal').references(() => sucursales.id),
    clienteId: uuid('id_cliente').references(() => clientes.id),
    serieFactura: text('serie_factura').notNull().default(''),
    nroFactura: text('nro_factura').notNull(),
    serie: text('serie'),
    nroControl: text('nro_control'),
    numeroControl: bigint('numero_control', { mode: 'number' }),
    lotId: uuid('id_control_lote'),
    fechaEmision: timestamp('fecha_emision', { withTimezone: true }).notNull().defaultNow(),
    moneda: text('factura_divisa').notNull(),
    tasaCambio: numeric('cambio_divisa', { precision: 24, scale: 8 }),
    tasaUsd: numeric('tipo_cambio_dia_usd', { precision: 24, scale: 8 }),
    condicionPago: text('condicion_pago').notNull(),
    tipoVenta: text('tipo_venta').notNull(),
    modelo: text('modelo_factura').notNull(),
    diasCredito: integer('dias_credito'),
    fechaVencimiento: date('fecha_vencimiento'),
    estatusCredito: text('estatus_credito'),
    subTotal: numeric('sub_total', { precision: 20, scale: 2 }).notNull(),
    totalExento: numeric('total_exento', { precision: 20, scale: 2 }).notNull(),
    totalExonerado: numeric('total_exonerado', { precision: 20, scale: 2 }).notNull(),
    montoDescuento: numeric('monto_descuento', { precision: 20, scale: 2 }).notNull(),
    totalIva: numeric('total_iva', { precision: 20, scale: 2 }).notNull(),
    importeTotal: numeric('importe_total', { precision: 20, scale: 2 }).notNull(),
    totalIgtf: numeric('total_igtf', { precision: 20, scale: 2 }).notNull().default('0'),
    tipoColetilla: boolean('tipo_coletilla').notNull().default(false),
    coletillaIgtf: boolean('coletilla_igtf').notNull().default(false),
    observacion: text('observacion'),
    observacionInfo: text('observacion_info'),
    ordenCompra: text('orden_compra'),
    servicio: jsonb('servicio').$type<Record<string, string>>(),
    cuentaTerceros: jsonb('cuenta_terceros').$type<{
      rifPrestador: string;
      nombrePrestador: string;
      domicilioPrestador: string;
    }>(),
    cliente: jsonb('cliente').$type<Record<string, unknown>>().notNull(),
    extras: jsonb('extras').$type<Record<string, unknown>>().notNull().default({}),
    origen: text('origen').notNull().default('API'),
    status: status(),
    deleted: boolean('log_deleted_registro').notNull().default(false),
    pdf: bytea('pdf'),
    pdfSha256: text('pdf_sha256'),
    pdfGeneratedAt: timestamp('pdf_generated_at', { withTimezone: true }),
    createdBy: text('log_username').notNull().default('sistema'),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('log_fecha_modificacion', { withTimezone: true }),
  },
  (t) => [
    // "Same company, series and number twice is an error": the database guarantees it under concurrency.
    uniqueIndex('facturas_numero_uq').on(t.localidadId, t.serieFactura, t.nroFactura),
    uniqueIndex('facturas_control_uq').on(t.localidadId, t.serie, t.numeroControl),
    index('facturas_list_idx').on(t.localidadId, t.fechaEmision),
    index('facturas_emision_idx').on(t.fechaEmision),
  ],
);

export const facturaLineas = pgTable(
  'factura_lineas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    facturaId: uuid('id_factura')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    posicion: integer('posicion').notNull(),
    codigoProducto: text('codigo_producto').notNull(),
    descripcion: text('descripcion').notNull(),
    unidadMedida: text('unidad_medida').notNull(),
    cantidad: numeric('cantidad', { precision: 20, scale: 4 }).notNull(),
    precio: numeric('precio', { precision: 24, scale: 8 }).notNull(),
    descuento: numeric('descuento', { precision: 9, scale: 4 }).notNull().default('0'),
    montoDescuento: numeric('monto_descuento', { precision: 20, scale: 2 }).notNull().default('0'),
    importe: numeric('importe', { precision: 20, scale: 2 }).notNull(),
    alicuota: numeric('alicuota_gravamen', { precision: 5, scale: 2 }).notNull(),
    montoGravamen: numeric('monto_gravamen', { precision: 20, scale: 2 }).notNull(),
    exento: boolean('exento').notNull().default(false),
    exonerado: boolean('exonerado').notNull().default(false),
    nroLote: text('nrolote'),
    fechaVenciProducto: date('fecha_venci_producto'),
    extras: jsonb('extras').$type<Record<string, unknown>>(),
  },
  (t) => [index('factura_lineas_factura_idx').on(t.facturaId)],
);

export const facturaPagos = pgTable(
  'factura_pagos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    facturaId: uuid('id_factura')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    modoPago: text('modo_pago').notNull(),
    nro: text('nro'),
    monto: numeric('monto', { precision: 20, scale: 2 }).notNull(),
    fecha: date('fecha_comprobante_pago'),
    banco: text('banco'),
    divisa: text('divisa').notNull(),
    tasaDiaDivisa: numeric('tasa_dia_divisa', { precision: 24, scale: 8 }),
    diasCredito: integer('dias_credito'),
    igtf: boolean('igtf').notNull().default(false),
    igtfValor: numeric('igtf_valor', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [index('factura_pagos_factura_idx').on(t.facturaId)],
);

export const facturaGravamenes = pgTable(
  'factura_gravamenes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    facturaId: uuid('id_factura')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    alicuota: numeric('alicuota', { precision: 5, scale: 2 }).notNull(),
    baseImponible: numeric('base_imponible', { precision: 20, scale: 2 }).notNull(),
    montoAlicuota: numeric('monto_alicuota', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [index('factura_gravamenes_factura_idx').on(t.facturaId)],
);
