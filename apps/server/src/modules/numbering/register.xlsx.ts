import { ASSIGNMENT_REGISTER_COLUMNS, type AssignmentRow, formatLogDateTime } from '@sigece/fiscal';
import ExcelJS from 'exceljs';

/** The register as a workbook: a title, when it was generated, the header row and one row per assignment. */
export async function assignmentRegisterWorkbook(rows: readonly AssignmentRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'sigece';
  const sheet = book.addWorksheet('Registro');
  sheet.addRow(['Registro de asignaciones de números de control']).font = { bold: true, size: 13 };
  sheet.addRow([`Generado el ${formatLogDateTime(new Date())}`]);
  sheet.addRow([]);
  sheet.addRow(ASSIGNMENT_REGISTER_COLUMNS.map((c) => c.header)).font = { bold: true };
  for (const r of rows) sheet.addRow(ASSIGNMENT_REGISTER_COLUMNS.map((c) => c.value(r)));
  ASSIGNMENT_REGISTER_COLUMNS.forEach((c, i) => {
    sheet.getColumn(i + 1).width = Math.max(12, c.header.length + 4);
  });
  if (rows.length === 0) sheet.addRow(['No existen datos para mostrar']);
  return Buffer.from(await book.xlsx.writeBuffer());
}
