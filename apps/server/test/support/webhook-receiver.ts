// A webhook receiver on 127.0.0.1 (node:http, random port) that keeps every request, and an independent
// verifier of the Standard Webhooks signature written from the spec (not the server's signer). Used by the
// webhook suites (webhooks.test.ts, webhooks-events.test.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A receiver answering the codes of `plan` in turn (then 200), keeping every request. */
export class Receiver {
  readonly requests: Received[] = [];
  plan: number[] = [];
  private server: Server | undefined;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const code = this.plan.shift() ?? 200;
        res.writeHead(code, { 'content-type': 'text/plain' });
        res.end(code === 200 ? 'recibido' : `error ${code} ${'x'.repeat(2000)}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  stop() {
    return new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  events() {
    return this.requests.map(
      (r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> },
    );
  }
}

/** An independent verifier of the Standard Webhooks signature (spec v1, "Verifying webhooks"). */
export function verify(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id']);
  const timestamp = String(r.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${r.body}`).digest();
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const [version, signature] = part.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}
