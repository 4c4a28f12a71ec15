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
  /** What the message carries, for the e-mail log. */
  tipoDoc?: string;
  nroDoc?: string;
  localidadId?: string;
  sucursalId?: string;
}

export interface MailResult {
  messageId: string;
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
 * works offline. Either way the message is recorded in the e-mail log.
 */
export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  const transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(db, mail) {
      let result: MailResult;
      if (transporter) {
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
        result = { messageId: info.messageId, statusCode: code, statusText: text };
      } else {
        result = {
          messageId: `<${randomUUID()}@outbox.sigece.local>`,
          statusCode: '250',
          statusText: 'Guardado en la bandeja local',
        };
      }
      await db.insert(mailMessages).values({
        messageId: result.messageId,
        transport: transporter ? 'smtp' : 'outbox',
        from: options.from,
        to: mail.to,
        cc: mail.cc ?? [],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        statusCode: result.statusCode,
        statusText: result.statusText,
        tipoDoc: mail.tipoDoc,
        nroDoc: mail.nroDoc,
        localidadId: mail.localidadId,
        sucursalId: mail.sucursalId,
        sentAt: new Date(),
      });
      return result;
    },
  };
}
