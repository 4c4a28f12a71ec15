// The extended sales book: built by a background job (a year of documents takes a while) and e-mailed
// as an attachment (spec 002 §3, §8: the request answers at once, '¡Solicitud Recibida!').
import { fileTimestamp, SALES_BOOK_FILES, salesBookQuerySchema, z } from '@sigece/fiscal';
import type { Deps } from '../../../deps.ts';
import { defineJob } from '../../jobs/define.ts';
import { withWebhookEvent } from '../../webhooks/outbox.ts';
import { salesBookXlsxOf } from './service.ts';

const payload = z.object({
  query: salesBookQuerySchema,
  email: z.string().max(200),
  /** The requester's tenancy when asking: the job shows the rows the requester could see. */
  scope: z.object({
    all: z.boolean(),
    localidades: z.array(z.string()),
    sucursales: z.array(z.string()),
  }),
});
export type ExtendedBookJob = z.infer<typeof payload>;

async function sendExtendedBook(deps: Deps, job: ExtendedBookJob): Promise<void> {
  const { xlsx, summary } = await salesBookXlsxOf(deps.db, job.scope, job.query, { extended: true });
  const filename = SALES_BOOK_FILES.extended(fileTimestamp(new Date()));
  // Issue 20 item 3: 'reporte.listo' with the e-mail that delivers it, when the company's endpoints want it.
  const ready = { localidadId: job.query.id_localidad, tipo: 'reporte.listo' } as const;
  const about = () => ({
    data: {
      reporte: 'libroVentasExtendido',
      // The period, as for the SENIAT report's event: the file name does not carry it here.
      fechaInicio: job.query.fechaInicio,
      fechaFin: job.query.fechaFin,
      archivo: filename,
      documentos: summary.consolidado,
      para: job.email,
    },
  });
  await withWebhookEvent(
    deps.db,
    ready,
    (tx) =>
      deps.mailer.send(tx, {
        to: [job.email],
        subject: `Libro de Ventas extendido del ${job.query.fechaInicio} al ${job.query.fechaFin}`,
        text: `Adjunto el libro de ventas extendido solicitado (${summary.consolidado} documentos).`,
        attachments: [
          {
            filename,
            content: xlsx,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        ],
        tipoDoc: 'libroVentas',
        nroDoc: filename,
        localidadId: job.query.id_localidad,
        sucursalId: job.query.id_sucursal,
      }),
    about,
  );
}

export const extendedSalesBookJob = defineJob({
  name: 'libro-ventas-extendido',
  payload,
  handler: sendExtendedBook,
  // One book at a time per process: each holds a spreadsheet's zip buffers.
  concurrency: 1,
});
