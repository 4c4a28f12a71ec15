// An SMTP server on loopback that keeps every message it accepts, and reads attachments back out of the
// raw MIME (base64 parts, as nodemailer writes them). Used by every suite that sends mail.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's sender ('' when none). */
  from: string;
  /** The envelope's recipients, lower-cased. */
  rcptTo: string[];
  raw: string;
}

export interface SmtpReceiver {
  received: ReceivedMail[];
  port(): number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface SmtpReceiverOptions {
  /** Recipients refused with 550 while they are in this set (the test may change it as it goes). */
  refused?: ReadonlySet<string>;
  /** How long the server takes to accept a message, read when each message arrives (ms). */
  delayMs?: () => number;
}

export function smtpReceiver(options: SmtpReceiverOptions = {}): SmtpReceiver {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (options.refused?.has(address.address.toLowerCase())) {
        return callback(Object.assign(new Error('Buzón no disponible'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('latin1'),
          });
          callback(null, 'Ok: queued');
        };
        const delay = options.delayMs?.() ?? 0;
        if (delay > 0) setTimeout(accept, delay);
        else accept();
      });
    },
  });
  return {
    received,
    port: () => (server.server.address() as { port: number }).port,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The attachment whose file name starts with `prefix`: its name and decoded bytes. */
export function attachment(raw: string, prefix: string): { name: string; bytes: Buffer } | undefined {
  const re = /filename="?([^"\r\n;]+)"?/gi;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    if (!m[1].startsWith(prefix)) continue;
    const headerEnd = raw.indexOf('\r\n\r\n', m.index);
    const bodyEnd = raw.indexOf('\r\n--', headerEnd + 4);
    const body = raw.slice(headerEnd + 4, bodyEnd);
    return { name: m[1], bytes: Buffer.from(body.replace(/\s+/g, ''), 'base64') };
  }
  return undefined;
}

/** The decoded Subject header (nodemailer encodes non-ASCII subjects as =?UTF-8?Q?…?=). */
export function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_all, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
