import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// Every PDF test reads its documents back with poppler (pdftotext, pdfsig), the way a reader would.

const run = promisify(execFile);

/**
 * The text of a PDF as poppler's pdftotext reads it, fed on stdin: `-raw` in content order (a wrapped
 * line stays whole), `-layout` as laid out on the page (columns side by side).
 */
export function pdfToText(pdf: Buffer, mode: '-raw' | '-layout' = '-raw'): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', [mode, '-', '-']);
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`pdftotext: ${code}`)),
    );
    child.stdin.end(pdf);
  });
}

/** The page as laid out (columns side by side). */
export const pdfLayoutText = (pdf: Buffer) => pdfToText(pdf, '-layout');

/**
 * pdfsig's report on a PDF (it reads a file, so the bytes go through a temporary one, removed after).
 * pdfsig exits non-zero for an invalid signature, and the report is still wanted.
 */
export async function pdfSignatures(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sigece-pdfsig-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout, stderr } = await run('pdfsig', [file]);
    return stdout + stderr;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    if (e.stdout === undefined && e.stderr === undefined) throw error;
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
