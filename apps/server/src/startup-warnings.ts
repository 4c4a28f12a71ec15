import type { AppConfig } from './config.ts';
import { exposedInDataDir } from './data-dir.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * What an operator must hear when the server starts with a setting that works on this machine only. The
 * verification QR printed on every document and the links in e-mails are built from PUBLIC_URL: left
 * unset it is http://localhost:PORT, which no client's phone can open. DATA_DIR (the secrets and the
 * embedded database) must be private: start-up closes what it owns, this names what it could not.
 */
export function startupWarnings(
  config: Pick<AppConfig, 'publicUrl'> & Partial<Pick<AppConfig, 'dataDir'>>,
): string[] {
  const warnings: string[] = [];
  if (LOOPBACK.has(new URL(config.publicUrl).hostname)) {
    warnings.push(
      `PUBLIC_URL apunta a este equipo (${config.publicUrl}): los códigos QR impresos en los documentos y los enlaces de los correos no abrirán desde otro equipo; defina PUBLIC_URL con la dirección pública del servicio`,
    );
  }
  // What start-up could not make private (data-dir.ts: files of another owner) is readable by others.
  const exposed = config.dataDir ? exposedInDataDir(config.dataDir) : { count: 0, first: [] };
  if (exposed.count > 0) {
    warnings.push(
      `DATA_DIR (${config.dataDir}) guarda las claves y la base de datos embebida, pero ${exposed.count} de sus archivos o carpetas pueden ser leídos o modificados por otros usuarios del equipo: ${exposed.first.join(', ')}${exposed.count > exposed.first.length ? ', …' : ''}. Deben pertenecer al usuario del servidor, con permisos 0700 (carpetas) y 0600 (archivos)`,
    );
  }
  return warnings;
}
