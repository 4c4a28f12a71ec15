// Brotli and gzip copies of the built text files (file.js.br, file.js.gz beside file.js), made once at build
// time at the highest levels, so the server hands them out with a Content-Encoding (@fastify/static's
// preCompressed, app.ts) instead of compressing on every request or not at all: a first visit on a slow
// connection downloads about a quarter of the bytes. Files that do not shrink by a tenth are left alone.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sigece-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const targets = (await files(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        targets.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const raw = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length * 0.9) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length * 0.9) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
