// The books' shared pieces without a database (modules/reports/books/): keyset pages and batches across
// page boundaries, and the PDF writer's own text encoding (one Courier Tj per row) read back with
// pdftotext — parentheses and backslashes escaped, Latin-1 and WinAnsi's extras kept, anything else '?', rows on many pages.
import { describe, expect, it } from 'vitest';
import { batches, pages } from '../src/modules/reports/books/paging.ts';
import { writeBookPdf } from '../src/modules/reports/books/pdf.ts';
import { pdfToText } from './support/pdf-text.ts';

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

describe('keyset pages and batches', () => {
  it('reads every row once across full pages, a last short page and an exactly full one', async () => {
    for (const total of [0, 3, 7, 8, 9]) {
      const data = Array.from({ length: total }, (_, i) => ({ id: i + 1 }));
      const cursors: Array<number | null> = [];
      const rows = await collect(
        pages(
          async (cursor: number | null) => {
            cursors.push(cursor);
            return data.filter((r) => r.id > (cursor ?? 0)).slice(0, 4);
          },
          (last) => last.id,
          4,
        ),
      );
      expect(rows.map((r) => r.id)).toEqual(data.map((r) => r.id));
      // A full page asks for the next one; a short page ends the stream.
      expect(cursors).toEqual([null, 4, 8].slice(0, Math.floor(total / 4) + 1));
      const cut = await collect(
        batches(
          pages(
            async (c: number | null) => (c ? [] : data),
            (l) => l.id,
            100,
          ),
          3,
        ),
      );
      expect(cut.flat()).toEqual(data);
      expect(cut.every((b) => b.length === 3 || b === cut.at(-1))).toBe(true);
    }
  });
});

describe('book PDF writer', () => {
  it('escapes PDF string delimiters, keeps Latin-1, replaces the rest, and breaks pages with headings', async () => {
    const columns = [
      { titulo: 'N°', width: 6, right: true },
      { titulo: 'Nombre', width: 30 },
      { titulo: 'Monto', width: 12, right: true },
    ];
    async function* rows() {
      yield ['1', 'Inversiones (Ñandú) C.A.', '1.234,50'];
      yield ['2', 'Barra \\ inversa', '0,01'];
      yield ['3', 'Pago 10 € “ok” 漢字', '2,00'];
      for (let i = 4; i <= 200; i++) yield [String(i), `Cliente ${i}`, '1,00'];
    }
    const pdf = await writeBookPdf(
      {
        title: 'Libro de Prueba',
        heading: {
          empresa: { nombre: 'Empresa (Prueba)', rif: 'J-123456789' },
          fechaInicio: '2026-03-01',
          fechaFin: '2026-03-31',
        },
        columns,
      },
      rows(),
      () => [['', 'TOTAL', '1.433,51']],
    );
    const text = await pdfToText(pdf);
    expect(text).toContain('LIBRO DE PRUEBA');
    expect(text).toContain('Contribuyente: Empresa (Prueba)');
    expect(text).toContain('Período: 01/03/2026 al 31/03/2026');
    expect(text).toMatch(/1 Inversiones \(Ñandú\) C\.A\. +1\.234,50/);
    expect(text).toMatch(/2 Barra \\ inversa +0,01/);
    expect(text).toMatch(/3 Pago 10 € “ok” \?\? +2,00/);
    expect(text).toMatch(/200 Cliente 200 +1,00/);
    expect(text).toMatch(/TOTAL +1\.433,51/);
    // 200 rows do not fit one page: the heading repeats with the page number.
    expect(text).toContain('Página 2');
    expect(text.match(/N° Nombre/g)?.length).toBeGreaterThan(1);
  });
});
