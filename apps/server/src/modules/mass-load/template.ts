import ExcelJS from 'exceljs';
import type { Column, FileTypeDescriptor } from './descriptor.ts';

/** Rows of the data sheet that carry the drop-down lists. */
const VALIDATED_ROWS = 5000;

const KIND_LABEL = {
  text: 'Texto',
  amount: 'Monto (punto o coma decimal)',
  quantity: 'Cantidad',
  percent: 'Porcentaje',
  integer: 'Número entero',
  date: 'Fecha dd/mm/aaaa',
  yesno: 'SI o NO',
} as const;

/** What the explanation sheet and the API docs say of a column's accepted values. */
const valuesOf = (c: Column) => c.list?.join(', ') ?? (c.max ? `Hasta ${c.max} caracteres` : '');

/**
 * The columns of every file type as Markdown (the OpenAPI description of the template and upload
 * routes, served at /docs): the same names, kinds, lists and explanations as the templates.
 */
export function columnsDoc(types: readonly FileTypeDescriptor[]): string {
  const cell = (t: string) => t.replaceAll('|', '\\|');
  return types
    .map((type) =>
      [
        `### ${type.tipo}: ${type.nombre}`,
        '',
        `Una fila por línea; las filas seguidas con el mismo \`${type.numberColumn}\` forman un documento. Contadores: ${type.counters.total}, ${type.counters.created}, ${type.counters.failed}; errores en ${type.counters.errors}.`,
        '',
        '| Columna | Requerida | Tipo | Valores admitidos | Descripción |',
        '|---|---|---|---|---|',
        ...type.columns.map(
          (c) =>
            `| \`${c.key}\` | ${c.required ? 'Sí' : 'No'} | ${KIND_LABEL[c.kind]} | ${cell(valuesOf(c))} | ${cell(c.help)} |`,
        ),
      ].join('\n'),
    )
    .join('\n\n');
}

const columnLetter = (n: number) => {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
};

/**
 * The .xlsx template of a file type: the data sheet (header row, an example row, drop-down lists where a
 * column has fixed values) and a second sheet that explains every column in Spanish.
 */
export async function templateOf(type: FileTypeDescriptor): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'sigece';
  const data = workbook.addWorksheet('Datos');
  data.addRow(type.columns.map((c) => c.key));
  data.addRow(type.columns.map((c) => c.example));
  data.getRow(1).font = { bold: true, color: { argb: 'FFFFFFFF' } };
  data.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF085C9F' } };
  type.columns.forEach((c, i) => {
    data.getColumn(i + 1).width = Math.max(12, c.key.length + 2);
    if (c.kind !== 'amount' && c.kind !== 'quantity' && c.kind !== 'percent' && c.kind !== 'integer')
      data.getColumn(i + 1).numFmt = '@';
    if (!c.list) return;
    const letter = columnLetter(i + 1);
    // One validation over the whole column range (exceljs writes it once, not per cell).
    (
      data as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }
    ).dataValidations.add(`${letter}2:${letter}${VALIDATED_ROWS}`, {
      type: 'list',
      allowBlank: !c.required,
      formulae: [`"${c.list.join(',')}"`],
      showErrorMessage: true,
      errorTitle: c.key,
      error: `Valores admitidos: ${c.list.join(', ')}`,
    });
  });
  data.views = [{ state: 'frozen', ySplit: 1 }];

  const help = workbook.addWorksheet('Instrucciones');
  help.addRow(['Columna', 'Requerida', 'Tipo', 'Valores admitidos', 'Descripción']).font = { bold: true };
  for (const c of type.columns)
    help.addRow([c.key, c.required ? 'Sí' : 'No', KIND_LABEL[c.kind], valuesOf(c), c.help]);
  help.addRow([]);
  help.addRow([
    'Una fila por línea del documento: las filas seguidas con el mismo número forman un documento, y sus columnas de encabezado deben coincidir.',
  ]);
  help.addRow(['La fila 2 de la hoja Datos es un ejemplo: reemplácela por sus datos.']);
  help.columns = [{ width: 24 }, { width: 10 }, { width: 26 }, { width: 30 }, { width: 80 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
