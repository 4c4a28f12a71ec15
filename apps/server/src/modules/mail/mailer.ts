import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../../db/client.ts';
import { mailMessages } from '../../db/schema.ts';

export interface OutgoingMail {
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType?: string }>;
  /** What the e-mail log keeps instead of `text` when the text carries a secret (a reset link). */
  logText?: string;
  /** What the message carries, for the e-mail log. */
  tipoDoc?: string;
  nroDoc?: string;
  localidadId?: string;
  sucursalId?: string;
}

export interface MailResult {
  messageId: string | null;
  statusCode: string;
  statusText: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(db: DbOrTx, mail: OutgoingMail): Promise<MailResult>;
}

/** "250 2.0.0 Ok: queued as X" → code 250 and its text. */
function parseSmtpResponse(response: string | undefined): { code: string; text: string } {
  const match = /^(\d{3})[\s-]?(.*)$/s.exec(response ?? '');
  return match ? { code: match[1], text: match[2].trim() } : { code: '250', text: response ?? '' };
}

/**
 * Delivers over SMTP when SMTP_URL is set; otherwise keeps the message in the outbox table so the demo
 * works offline. Every attempt, delivered or refused, is recorded in the e-mail log; a refusal is then
 * thrown so the job queue retries it.
 */
export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  const transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const transport = transporter ? 'smtp' : 'outbox';

  const log = (db: DbOrTx, mail: OutgoingMail, result: MailResult, delivered: boolean) =>
    db.insert(mailMessages).values({
      messageId: result.messageId,
      transport,
      from: options.from,
      to: mail.to,
      cc: mail.cc ?? [],
      subject: mail.subject,
      text: mail.logText ?? mail.text,
      html: mail.logText === undefined ? mail.html : null,
      statusCode: result.statusCode,
      statusText: result.statusText,
      tipoDoc: mail.tipoDoc,
      nroDoc: mail.nroDoc,
      localidadId: mail.localidadId,
      sucursalId: mail.sucursalId,
      sentAt: delivered ? new Date() : null,
    });

  return {
    transport,
    async send(db, mail) {
      if (!transporter) {
        const result = {
          messageId: `<${randomUUID()}@outbox.sigece.local>`,
          statusCode: '250',
          statusText: 'Guardado en la bandeja local',
        };
        await log(db, mail, result, true);
        return result;
      }
      try {
        const info = await transporter.sendMail({
          from: options.from,
          to: mail.to,
          cc: mail.cc,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments,
        });
        const { code, text } = parseSmtpResponse(info.response);
        const result = { messageId: info.messageId, statusCode: code, statusText: text };
        await log(db, mail, result, true);
        return result;
      } catch (error) {
        const e = error as { responseCode?: number; response?: string; message: string };
        await log(
          db,
          mail,
          {
            messageId: null,
            statusCode: String(e.responseCode ?? 'ERR'),
            statusText: e.response ?? e.message,
          },
          false,
        );
        throw error;
      }
    },
  };
}
