// The sales book's two sections (RLIVA art. 78, fiscal SALES_BOOK_SECTIONS) as the streamed rows meet
// them: a heading row where a section starts, its total row where it ends. Shared by the PDF and the sheet.
import { SALES_BOOK_SECTIONS } from '@sigece/fiscal';

export class BookSections<Row> {
  private current: boolean | undefined;

  /** `total(contribuyente)` is the closing row of a section, called once the section has ended. */
  constructor(
    private readonly total: (contribuyente: boolean) => Row,
    /** One cell: the PDF prints it as a line of its own, the sheet in its first column. */
    private readonly headingRow: (titulo: string) => Row = (titulo) => [titulo] as unknown as Row,
  ) {}

  /** The rows to write before a line of the section `contribuyente`. */
  *enter(contribuyente: boolean): Generator<Row> {
    if (contribuyente === this.current) return;
    if (this.current !== undefined) yield this.total(this.current);
    this.current = contribuyente;
    const titulo = SALES_BOOK_SECTIONS.find((s) => s.contribuyente === contribuyente)?.titulo ?? '';
    yield this.headingRow(titulo);
  }

  /** The last section's total row, if any line was written. */
  close(): Row[] {
    return this.current === undefined ? [] : [this.total(this.current)];
  }
}
