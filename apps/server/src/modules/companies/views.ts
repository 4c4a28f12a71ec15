/** How companies, branches, certificates and third-party accounts read in the API's answers. */
import { formatRif } from '@sigece/fiscal';
import type { certificados, cuentasTerceros } from '../../db/schema.ts';

import type { BranchRow, CompanyRow } from './lookup.service.ts';

export type { BranchRow, CompanyRow };
export type CertificateRow = typeof certificados.$inferSelect;

export const COMPANY_SUCCESS = {
  created: 'Localidad registrada',
  updated: 'Actualizado',
  activated: 'Localidad fue Activada',
  inactivated: 'Localidad Inactiva',
  certificate: 'Certificado registrada',
  params: 'Parametros actualizados con exito !!!',
  thirdPartyCreated: 'Cuenta de Terceros registrada',
  thirdPartyUpdated: 'Cuenta de Terceros Actualizada',
  thirdPartyDeleted: 'Cuenta de Terceros eliminada',
} as const;

export function branchView(b: BranchRow) {
  return {
    id: b.id,
    _id: b.id,
    id_sucursal: b.id,
    id_localidad: b.localidadId,
    codigoSucursal: b.codigoSucursal,
    nombre: b.nombre,
    direccion: b.direccion,
    telefono: b.telefono,
    correo: b.correo,
    id_estado: b.estadoId,
    id_municipio: b.municipioId,
    envioEmail: b.envioEmail,
    marcaAguaFactura: b.marcaAguaFactura,
    asignaNroFacturas: b.asignaNroFacturas,
    logEstatusRegistro: b.status,
    logFechaRegistro: b.createdAt.toISOString(),
    logFechaModificacion: b.updatedAt?.toISOString() ?? null,
  };
}

export function certificateView(c: CertificateRow | undefined) {
  if (!c) return null;
  return {
    keyStoreAlias: c.alias,
    subject: c.subject,
    issuer: c.issuer,
    serial: c.serial,
    validFrom: c.validFrom.toISOString(),
    validTo: c.validTo.toISOString(),
    registrado: (c.updatedAt ?? c.createdAt).toISOString(),
  };
}

export function thirdPartyView(t: typeof cuentasTerceros.$inferSelect) {
  return {
    _id: t.id,
    id: t.id,
    localidad: t.localidadId,
    nombrePrestador: t.nombrePrestador,
    rifPrestador: t.rifPrestador,
    domicilioPrestador: t.domicilioPrestador,
    tipoDocumento: t.rifPrestador.split('-')[0] ?? '',
    numeroDocumento: t.rifPrestador.split('-')[1] ?? '',
  };
}

interface CompanyExtras {
  estado?: string | null;
  municipio?: string | null;
  branches?: BranchRow[];
  thirdParties?: Array<typeof cuentasTerceros.$inferSelect>;
  certificate?: CertificateRow;
}

export function companyView(c: CompanyRow, extras: CompanyExtras = {}) {
  return {
    _id: c.id,
    id: c.id,
    nombre: c.nombre,
    tipoDocumento: c.tipoDocumento,
    numeroDocumento: c.numeroDocumento,
    rif: formatRif(c.tipoDocumento, c.numeroDocumento),
    id_estado: c.estadoId,
    id_municipio: c.municipioId,
    estado: extras.estado ?? null,
    municipio: extras.municipio ?? null,
    direccion: c.direccion,
    telefono: c.telefono,
    correo: c.correo,
    contribuyenteEspecial: c.contribuyenteEspecial,
    aerolinea: c.aerolinea,
    tipoProveedor: c.tipoProveedor,
    rutaLogo: c.logo ? `/v2/mantenimiento/localidad/logo/${c.id}` : null,
    tieneSello: c.sello !== null,
    envioEmail: c.envioEmail,
    marcaAguaFactura: c.marcaAguaFactura,
    asignaNroFacturas: c.asignaNroFacturas,
    cuentaTerceros: (extras.thirdParties?.length ?? 0) > 0,
    lstSucursales: (extras.branches ?? []).map(branchView),
    lstCuentaTerceros: (extras.thirdParties ?? []).map(thirdPartyView),
    certificado: certificateView(extras.certificate),
    logEstatusRegistro: c.status,
    logFechaRegistro: c.createdAt.toISOString(),
    logUsername: c.createdBy,
    logFechaModificacion: c.updatedAt?.toISOString() ?? null,
  };
}
export type CompanyView = ReturnType<typeof companyView>;

/** A company row for the audit log: its images by size, not their bytes. */
export function withoutBinary(row: CompanyRow) {
  const { logo, sello, ...rest } = row;
  return { ...rest, logoBytes: logo?.length ?? 0, selloBytes: sello?.length ?? 0 };
}
