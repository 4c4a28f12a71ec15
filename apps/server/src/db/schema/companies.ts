// Companies (localidades), branches (sucursales), certificates and third-party accounts (spec 000 §3).
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, bytea, id, status } from './columns.ts';
import { estados, municipios } from './reference.ts';

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
