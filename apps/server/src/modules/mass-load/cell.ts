/** One cell of an uploaded sheet as the row checks read it, whichever reader (.xlsx or .xls) read it. */
export type CellValue = string | number | boolean | Date | null;
