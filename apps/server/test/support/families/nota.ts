// The notes' sample for the family suite: a credit note of one unit on a generated invoice of the same
// issuer (support/notes.ts). The invoice is issued once per issuer and branch and holds enough for every
// note of the suite, so two notes in a row take consecutive control numbers.
import type { NoteAnnulAnswer, NoteIngestAnswer } from '@sigece/fiscal';
import { globalLot } from '../invoices.ts';
import { generatedInvoice, NOTES, NOTES_ACTIONS, NOTES_MODULE, noteItem } from '../notes.ts';
import type { FamilyFixture } from './types.ts';

const flat = <T>(lines: T[][] | null | undefined): T[] => (lines ?? []).flat();
const invoices = new Map<string, Promise<{ nroFactura: string }>>();

export const noteFixture: FamilyFixture = {
  grants: { [NOTES_MODULE]: NOTES_ACTIONS, '/facturacion/generales/notas/nota': [] },
  // Notes take their control numbers from the invoices' sequence (Providencia SNAT/2011/00071).
  prepare: (ctx, company) => globalLot(ctx, '/v2/facturas/addcontrolLoc', company.id, 1000),
  item: async (ctx, company, codigoSucursal) => {
    const key = `${company.id}/${codigoSucursal ?? ''}`;
    let affected = invoices.get(key);
    if (!affected) {
      const lines = [{ precio: 100, cantidad: 100, alicuota: 16 as const }];
      affected = ctx()
        .adminToken()
        .then((token) => generatedInvoice(ctx, token, { rif: company.rif, codigoSucursal, lines }));
      invoices.set(key, affected);
    }
    const { nroFactura } = await affected;
    return noteItem({
      rif: company.rif,
      nroFactura,
      lines: [{ codigo: 'P-001', precio: 100, cantidad: 1, alicuota: 16 }],
      extra: codigoSucursal ? { codigoSucursal } : {},
    });
  },
  intakeUrl: `${NOTES}/masivanotas`,
  accepted: (answer) =>
    flat((answer as NoteIngestAnswer).DetalleNotasProcesadas).map((d) => ({
      number: d.nroNota,
      nroControl: d.nroControl,
    })),
  refused: (answer) => flat((answer as NoteIngestAnswer).DetalleErrorNotas).map((e) => e.Msg),
  pdfUrl: (id) => `${NOTES}/pdf/${id}`,
  pdfBytes: (body) => body,
  publicUrl: (id) => `${NOTES}/getNotaId/${id}`,
  listUrl: (companyId) => `${NOTES}/querynotas?id_localidad=${companyId}&limit=100`,
  annul: {
    method: 'PUT',
    url: `${NOTES}/masivaanularnotas`,
    item: (rif, issued, codigoSucursal) => ({
      rif,
      nroNota: issued.number,
      ...(codigoSucursal ? { codigoSucursal } : {}),
      motivoAnulacion: 'Prueba de la suite de familias',
    }),
    outcome: (answer) => {
      const a = answer as NoteAnnulAnswer;
      return {
        annulled: flat(a.DetalleNotasAnuladas).map((l) => l.nroNota),
        errors: flat(a.DetalleErrorNotas).map((l) => l.Msg),
      };
    },
  },
};
