import { DOCUMENT_FAMILIES, isUuid, TIPOS_DOC, type TipoDoc } from '@sigece/fiscal';
import type { DbOrTx } from '../../../db/client.ts';
import type { AuditRow } from '../../audit/queries.ts';
import { companyNamesByIds } from '../../companies/lookup.service.ts';
import { controlNumbersOfDocuments } from '../../issuance/ledger/ledger.ts';
import { userEmailsByIds } from '../../security/users.service.ts';

/**
 * The event-log report in plain words: 'Anuló la factura' and 'N° de control
 * 00-00000012' instead of 'PUT /v2/facturas/anularfactura/:id' and a UUID. Every record the log names is
 * resolved in one query per kind (documents through the ledger of control numbers, users by e-mail,
 * companies by name); an id that resolves to nothing is left out rather than printed.
 */

/** What each audited entity is called, with its article. */
const NOUNS: Record<string, string> = {
  factura: 'la factura',
  nota: 'la nota',
  orden: 'la orden/guía',
  retencion: 'el comprobante de retención',
  factura_compra: 'la factura de compra',
  retencion_recibida: 'la retención recibida',
  declaracionRetencion: 'la declaración de retenciones',
  carga_masiva: 'la carga masiva',
  user: 'el usuario',
  session: 'la sesión',
  role: 'el rol',
  module: 'el módulo',
  localidad: 'la empresa',
  sucursal: 'la sucursal',
  certificado: 'el certificado de firma',
  controlLote: 'el lote de números de control',
  controlSucursal: 'los números de control de la sucursal',
  nroFacturaAuto: 'la numeración automática de facturas',
  nroRetenciones: 'la numeración de comprobantes de retención',
  cliente: 'el cliente',
  producto: 'el producto',
  cuentaTercero: 'la cuenta de terceros',
  descuento: 'el descuento',
  tasaCambio: 'la tasa de cambio',
  divisa: 'la divisa',
  banco: 'el banco',
  pais: 'el país',
  estado: 'el estado',
  municipio: 'el municipio',
  incoterm: 'el incoterm',
  tipoGravamen: 'el tipo de gravamen',
  valorGravamen: 'el valor de gravamen',
  unidadTributaria: 'la unidad tributaria',
  categoriaNota: 'la categoría de notas',
  libroVentasExtendido: 'el libro de ventas extendido',
};

/** What each audited action is called: a verb in the past, said of the entity. */
const VERBS: Record<string, string> = {
  create: 'Creó',
  update: 'Modificó',
  delete: 'Eliminó',
  annul: 'Anuló',
  generate: 'Generó',
  number: 'Asignó el número de control de',
  'regenerate-pdf': 'Reintentó el PDF de',
  'enviar-correo': 'Envió por correo',
  collect: 'Registró un cobro de',
  declare: 'Declaró',
  process: 'Procesó',
  request: 'Solicitó',
  params: 'Cambió los parámetros de',
  'param:asignaNroFacturas': 'Cambió la asignación automática de números de',
};

/** Actions that are a whole sentence on their own. */
const SENTENCES: Record<string, string> = {
  login: 'Inició sesión',
  logout: 'Cerró sesión',
  'change-password': 'Cambió su contraseña',
  'reset-password': 'Restableció la contraseña',
};

/** The audit log's entity name of each document family ('factura' → 'fact'), from its declaration. */
const DOCUMENT_ENTITIES: Record<string, TipoDoc> = Object.fromEntries(
  TIPOS_DOC.map((tipoDoc) => [DOCUMENT_FAMILIES[tipoDoc].auditEntity, tipoDoc]),
);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The report's sentence for an entry: 'Anuló la factura', 'Inició sesión', 'Creó 3 facturas'. */
export function describeAction(entry: Pick<AuditRow, 'entity' | 'action' | 'after'>): string {
  const sentence = SENTENCES[entry.action];
  if (sentence) return sentence;
  const noun = NOUNS[entry.entity] ?? `el registro «${entry.entity}»`;
  const count = Array.isArray(entry.after) ? entry.after.length : 1;
  const verb = VERBS[entry.action] ?? `Realizó «${entry.action}» sobre`;
  if (count > 1 && entry.action === 'create') {
    const plural = noun
      .replace(/^(el|la|los) /, '')
      .replace(/([aeiouáéíóú])$/i, '$1s')
      .replace(/n$/, 'nes');
    return `${verb} ${count} ${plural}`;
  }
  return `${verb} ${noun}`;
}

/** Names of the records the entries point at, resolved in bulk. */
export interface RecordNames {
  /** The record an entry is about, in words ('' when none can be named). */
  recordOf(entry: AuditRow): string;
  /** The text with every UUID replaced by the name it resolves to, or '…'. */
  withoutIds(text: string): string;
}

export async function recordNames(db: DbOrTx, entries: readonly AuditRow[]): Promise<RecordNames> {
  const ids = new Set<string>();
  for (const e of entries) {
    if (e.entityId && isUuid(e.entityId)) ids.add(e.entityId.toLowerCase());
    for (const m of JSON.stringify([e.before, e.after]).match(UUID) ?? []) ids.add(m.toLowerCase());
  }
  const all = [...ids];
  const names = new Map<string, string>();
  if (all.length > 0) {
    const chunks: string[][] = [];
    for (let i = 0; i < all.length; i += 1000) chunks.push(all.slice(i, i + 1000));
    for (const chunk of chunks) {
      const [docs, people, companies] = await Promise.all([
        controlNumbersOfDocuments(db, chunk),
        userEmailsByIds(db, chunk),
        companyNamesByIds(db, chunk),
      ]);
      for (const d of docs) names.set(d.id, `N° de control ${d.nro}`);
      for (const u of people) names.set(u.id, u.email);
      for (const c of companies) names.set(c.id, c.nombre);
    }
  }
  const nameOf = (id: string) => names.get(id.toLowerCase());
  return {
    recordOf(entry) {
      if (entry.entityId) return nameOf(entry.entityId) ?? (isUuid(entry.entityId) ? '' : entry.entityId);
      // Documents created in one request: their numbers, from the entry's summary.
      if (Array.isArray(entry.after) && DOCUMENT_ENTITIES[entry.entity]) {
        const numbers = (entry.after as Array<Record<string, unknown>>)
          .map((d) => Object.entries(d).find(([k]) => k.startsWith('nro'))?.[1])
          .filter((v): v is string => typeof v === 'string');
        const shown = numbers.slice(0, 5).join(', ');
        return numbers.length > 5
          ? `N° ${shown} y ${numbers.length - 5} más`
          : numbers.length
            ? `N° ${shown}`
            : '';
      }
      return '';
    },
    withoutIds: (text) => text.replace(UUID, (id) => nameOf(id) ?? '…'),
  };
}
