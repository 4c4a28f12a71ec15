import ExcelJS from 'exceljs';

/**
 * A spreadsheet's first sheet read back with exceljs: every row's cells as text, numbers with two
 * decimals, empty cells ''. exceljs drops a row's trailing empty cells.
 */
export async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    // Empty cells are holes in exceljs's array: fill them first (map would skip them).
    rows.push(
      [...values].map((v) =>
        v === null || v === undefined ? '' : typeof v === 'number' ? v.toFixed(2) : String(v),
      ),
    );
  });
  return rows;
}

/** Venezuelan display of a 2-decimal amount: "-1234.50" → "-1.234,50" (as the PDFs print it). */
export function es(v: string): string {
  const [int, frac] = v.replace('-', '').split('.');
  return `${v.startsWith('-') ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac}`;
}
