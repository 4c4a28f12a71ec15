import { PassThrough } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { cargasMasivasDocumentos } from '../../db/schema.ts';

const PAGE = 1000;
const OUTCOME_LABEL: Record<string, string> = {
  PENDIENTE: 'Pendiente',
  NUEVO: 'Procesado',
  EXISTENTE: 'Ya existía',
  ERROR: 'Error',
};

/**
 * A load's result as .xlsx: one row per document with its sheet rows, its outcome, its control number
 * or its error. Written with exceljs's streaming writer, reading the documents a page at a time, so a
 * large load never sits in memory whole.
 */
export function resultFile(db: Db, id: string): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Resultado');
  sheet.columns = [
    { header: 'Documento', key: 'numero', width: 18 },
    { header: 'Filas', key: 'filas', width: 12 },
    { header: 'Resultado', key: 'estado', width: 14 },
    { header: 'Nro. Control', key: 'nroControl', width: 16 },
    { header: 'Mensaje', key: 'mensaje', width: 80 },
  ];
  (async () => {
    let after = 0;
    for (;;) {
      const page = await db
        .select()
        .from(cargasMasivasDocumentos)
        .where(and(eq(cargasMasivasDocumentos.cargaId, id), gt(cargasMasivasDocumentos.posicion, after)))
        .orderBy(asc(cargasMasivasDocumentos.posicion))
        .limit(PAGE);
      for (const d of page)
        sheet
          .addRow({
            numero: d.numero,
            filas: d.filas.join(', '),
            estado: OUTCOME_LABEL[d.estado] ?? d.estado,
            nroControl: d.nroControl ?? '',
            mensaje: d.mensaje ?? '',
          })
          .commit();
      if (page.length < PAGE) break;
      after = page[page.length - 1].posicion;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error) => out.destroy(error as Error));
  return out;
}
