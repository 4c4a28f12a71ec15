import { z } from '../zod-es.ts';

/**
 * Mass load from Excel (spec 000 "Mass load", spec 001 §5.8 and §8.7): the file types, the upload's
 * messages and the answers the company screen's dialog reads. Server routes declare these schemas as
 * their responses; the web infers its types from them.
 */

/** The file types of spec 001 §5.8, in the order the dialog offers them. */
export const MASS_LOAD_TYPES = [
  'factura',
  'nota',
  'anularFactura',
  'anularNota',
  'ordenEntrega',
  'anularOrden',
  'retencion',
] as const;
export type MassLoadType = (typeof MASS_LOAD_TYPES)[number];

export const MASS_LOAD_MESSAGES = {
  /** Spec 000 §5 and spec 001 §5.8 (typo and all). */
  onlyXlsx: 'Solo se Admiten archivos con formato .xls',
  /** What the dialog says is accepted, before a file is chosen (spec 000 §5: .xls/.xlsx). */
  accepted: 'Se aceptan hojas de cálculo .xlsx y .xls (Excel 97-2003) de hasta 10 MB',
  tooLarge: 'El archivo supera el máximo de 10 MB',
  notSpreadsheet: 'El archivo no es una hoja de cálculo .xlsx o .xls válida',
  noFile: 'Debe seleccionar un archivo',
  chooseType: 'Debe seleccionar el tipo de archivo',
  uploaded: 'Archivo Cargado con Exito',
  /** Spec 001 §8.7: the overlay while documents are processed. */
  processing: 'Procesando documentos. favor no cerrar la ventana o cancelar esta operación',
  busy: 'Ya hay una carga en proceso para esta razón social',
  empty: 'El archivo no tiene documentos',
  /** Spec 001 §8.3: the notes' bulk processing, on success and failure (with the server's message). */
  notesDone: 'Notas Cargadas y Procesadas',
  notesFailed: 'Error al cargar Notas: ',
  /** Spec 000 §8 and 001 §8.6: a failed upload or processing (with the server's message). */
  uploadFailed: 'Error al Cargar el Archivo: ',
} as const;

/** The largest file accepted: 10 MB. */
export const MASS_LOAD_MAX_BYTES = 10 * 1024 * 1024;

export const massLoadErrorSchema = z.object({ numero: z.string(), filas: z.string(), msg: z.string() });

/** A load's state as the dialog shows it: progress while it runs, counters and errors once done. */
export const massLoadStatusSchema = z.object({
  id: z.string(),
  tipo: z.string(),
  nombreArchivo: z.string(),
  /** CARGADO (uploaded, not processed yet), EN_COLA, PROCESANDO, TERMINADO. */
  estado: z.enum(['CARGADO', 'EN_COLA', 'PROCESANDO', 'TERMINADO']),
  total: z.number(),
  filas: z.number(),
  procesados: z.number(),
  nuevos: z.number(),
  existentes: z.number(),
  errores: z.number(),
  /** Seconds left at the pace so far; null before the first chunk is done. */
  segundosRestantes: z.number().nullable(),
  fechaCarga: z.string(),
  /**
   * Spec 001 §8.7's counters under the names of the file type's family (TotalFacturasProcedas,
   * totalFacturaNew, totalFacturaconError, …): documents processed, created (or annulled), failed.
   */
  resultado: z.record(z.string(), z.number()),
  /** Spec 001 §8.7: DetalleErrorFacturas / DetalleErrorNotas / …: document number and message. */
  detalleErrores: z.array(massLoadErrorSchema),
});
export type MassLoadStatus = z.infer<typeof massLoadStatusSchema>;

/** A file type as the dialog offers it. */
export const massLoadTypeInfoSchema = z.object({ tipo: z.string(), nombre: z.string() });
export type MassLoadTypeInfo = z.infer<typeof massLoadTypeInfoSchema>;

/** excelToJson's result: the load just stored and the documents it found, with their rows in the file. */
export const massLoadUploadSchema = z.object({
  carga: massLoadStatusSchema,
  documentos: z.array(z.object({ numero: z.string(), filas: z.string() })),
});
export type MassLoadUpload = z.infer<typeof massLoadUploadSchema>;
