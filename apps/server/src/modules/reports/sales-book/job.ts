// The extended sales book: built by a background job (a year of documents takes a while) and e-mailed
// as an attachment (spec 002 §3, §8: the request answers at once, '¡Solicitud Recibida!').
import { fileTimestamp, SALES_BOOK_FILES, salesBookQuerySchema, z } from '@sigece/fiscal';
import type { Deps } from '../../../deps.ts';
import { defineJob } from '../../jobs/define.ts';
import { recordWebhookEvents } from '../../webhooks/outbox.ts';
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
  await deps.mailer.send(deps.db, {
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
  });
  // 'reporte.listo', with the period (the file name does not carry it), once the e-mail is
  // accepted: not in a transaction around the SMTP exchange (see sendSeniatReport for why).
  await recordWebhookEvents(deps.db, [
    {
      localidadId: job.query.id_localidad,
      tipo: 'reporte.listo',
      data: {
        reporte: 'libroVentasExtendido',
        fechaInicio: job.query.fechaInicio,
        fechaFin: job.query.fechaFin,
        archivo: filename,
        documentos: summary.consolidado,
        para: job.email,
      },
    },
  ]);
}

export const extendedSalesBookJob = defineJob({
  name: 'libro-ventas-extendido',
  payload,
  handler: sendExtendedBook,
  // One book at a time per process: each holds a spreadsheet's zip buffers.
  concurrency: 1,
});
