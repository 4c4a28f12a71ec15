// Before `npm test` (the `pretest` script) and in CI: the system programs the tests use and npm cannot
// install. The browser journeys drive Debian's Chromium at /usr/bin/chromium; the PDF tests read and
// verify documents with poppler-utils (pdftotext, pdfsig). When one is missing and this process may
// install system packages (root, with apt-get), it installs them; otherwise it stops at once with the
// exact command to run, instead of failing minutes later in the middle of the tests.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const CHROMIUM = '/usr/bin/chromium';

/** Whether `program` is an executable in one of PATH's folders. */
export function onPath(program, path = process.env.PATH ?? '', executable = isExecutable) {
  return path.split(delimiter).some((dir) => dir && executable(join(dir, program)));
}

/** Which Debian packages are missing, given the PATH and a way to test whether a file is executable. */
export function missingSystemPackages(path = process.env.PATH ?? '', executable = isExecutable) {
  const missing = [];
  if (!executable(CHROMIUM)) missing.push('chromium');
  if (!onPath('pdftotext', path, executable) || !onPath('pdfsig', path, executable))
    missing.push('poppler-utils');
  return missing;
}

/** The command that installs `packages`, as this user would type it. */
export function installCommand(packages, { root }) {
  const sudo = root ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;
}

/** What to do: nothing, install here, or stop with a message naming the command. */
export function plan(missing, { root, hasApt }) {
  if (missing.length === 0) return { action: 'none' };
  if (root && hasApt) return { action: 'install', packages: missing };
  const what = `Faltan programas del sistema que usan las pruebas: ${missing.join(', ')}`;
  const how = hasApt
    ? `Instálelos con:\n\n  ${installCommand(missing, { root })}\n`
    : `Instale Chromium en ${CHROMIUM} y poppler-utils (pdftotext, pdfsig) con el gestor de paquetes del sistema (en Debian/Ubuntu: ${installCommand(missing, { root: false })}).`;
  return { action: 'stop', message: `${what}.\n${how}` };
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function main() {
  const missing = missingSystemPackages();
  const root = process.getuid?.() === 0;
  const hasApt = onPath('apt-get');
  const next = plan(missing, { root, hasApt });
  if (next.action === 'none') return;
  if (next.action === 'stop') {
    console.error(next.message);
    process.exit(1);
  }
  console.log(`Instalando ${next.packages.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...next.packages],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} falló; ejecute: ${installCommand(next.packages, { root })}`);
      process.exit(run.status ?? 1);
    }
  }
  const still = missingSystemPackages();
  if (still.length > 0) {
    console.error(`Después de instalar siguen faltando: ${still.join(', ')}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
