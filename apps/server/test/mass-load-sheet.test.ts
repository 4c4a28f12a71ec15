// The .xlsx reader of the mass load (modules/mass-load/sheet.ts). exceljs's streaming reader walked the zip
// in stored order and, when a worksheet part came before xl/workbook.xml (exceljs's own files, Excel's too),
// sometimes lost the last entries: about one read in a few hundred of the same file failed with "Cannot
// read properties of undefined (reading 'sheets')" (exceljs issue #3064), which the upload answered as
// "El archivo no es una hoja de cálculo .xlsx o .xls válida" (stop 30's CI). The reader now finds the
// parts through the zip's central directory. The old reader also never finished a workbook whose sheet
// could not be inflated: the upload waited for the worker's time limit (two minutes) before its answer.
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { describe, expect, it } from 'vitest';
import { type CellValue, NotASpreadsheet, readSheetRows } from '../src/modules/mass-load/sheet.ts';

async function rowsOf(data: Buffer): Promise<Array<{ fila: number; cells: CellValue[] }>> {
  const rows = [];
  for await (const row of readSheetRows(data)) rows.push(row);
  return rows;
}

/** Two tabs as the templates have them: the data first, then one that explains the columns. */
async function templateLike(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const data = workbook.addWorksheet('Datos');
  data.addRow(['nroDocumento', 'baseImponible', 'rifProveedor']);
  data.addRow(['000123', 1000, 'J-000000019']);
  data.addRow(['000124', 2500.5, 'J-000000019']);
  workbook.addWorksheet('Columnas').addRow(['nroDocumento', 'Número del documento']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const TEMPLATE_ROWS = [
  { fila: 1, cells: ['nroDocumento', 'baseImponible', 'rifProveedor'] },
  { fila: 2, cells: ['000123', 1000, 'J-000000019'] },
  { fila: 3, cells: ['000124', 2500.5, 'J-000000019'] },
];

describe('mass load: reading an .xlsx', () => {
  it('reads an exceljs-written workbook every time, though its sheet part is stored before xl/workbook.xml', async () => {
    const data = await templateLike();
    const stored = (await unzipper.Open.buffer(data)).files.map((f) => f.path);
    expect(stored.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(stored.indexOf('xl/workbook.xml'));
    expect(stored.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(stored.indexOf('xl/sharedStrings.xml'));

    // The old reader failed this loop within its first few hundred reads (at reads 235 and 490 here).
    const failures: string[] = [];
    for (let read = 0; read < 1500; read++) {
      try {
        const rows = await rowsOf(data);
        if (JSON.stringify(rows) !== JSON.stringify(TEMPLATE_ROWS)) failures.push(`${read}: other rows`);
      } catch (error) {
        failures.push(`${read}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('reads the first tab, though its part is xl/worksheets/sheet2.xml', async () => {
    const workbook = new ExcelJS.Workbook();
    const explained = workbook.addWorksheet('Columnas');
    explained.addRow(['explicación']);
    const data = workbook.addWorksheet('Datos');
    data.addRow(['nroFactura']);
    data.addRow(['F-1']);
    // The tab order puts 'Datos' first while its part is xl/worksheets/sheet2.xml.
    // (orderNo is the tab position exceljs writes; its types leave it out.)
    (explained as ExcelJS.Worksheet & { orderNo: number }).orderNo = 1;
    (data as ExcelJS.Worksheet & { orderNo: number }).orderNo = 0;
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await rowsOf(file)).toEqual([
      { fila: 1, cells: ['nroFactura'] },
      { fila: 2, cells: ['F-1'] },
    ]);
  });

  it('a workbook whose sheet cannot be inflated is not a spreadsheet, at once', async () => {
    const data = await templateLike();
    const sheet = (await unzipper.Open.buffer(data)).files.find((f) => f.path === 'xl/worksheets/sheet1.xml');
    expect(sheet).toBeDefined();
    // The local header names the part; its deflated bytes follow the name (exceljs writes no extra field).
    const name = data.indexOf('xl/worksheets/sheet1.xml');
    const damaged = Buffer.from(data);
    damaged.fill(
      0xff,
      name + 'xl/worksheets/sheet1.xml'.length,
      name + 'xl/worksheets/sheet1.xml'.length + 64,
    );
    await expect(rowsOf(damaged)).rejects.toBeInstanceOf(NotASpreadsheet);
  });
});
