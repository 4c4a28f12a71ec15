import { spawn } from 'node:child_process';

/** The text of a PDF as poppler's pdftotext reads it (-raw: in content order), fed on stdin. */
export function pdfToText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-raw', '-', '-']);
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`pdftotext: ${code}`)),
    );
    child.stdin.end(pdf);
  });
}
