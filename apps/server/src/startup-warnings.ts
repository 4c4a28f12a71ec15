import type { AppConfig } from './config.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * What an operator must hear when the server starts with a setting that works on this machine only. The
 * verification QR printed on every document and the links in e-mails are built from PUBLIC_URL: left
 * unset it is http://localhost:PORT, which no client's phone can open.
 */
export function startupWarnings(config: Pick<AppConfig, 'publicUrl'>): string[] {
  const warnings: string[] = [];
  if (LOOPBACK.has(new URL(config.publicUrl).hostname)) {
    warnings.push(
      `PUBLIC_URL apunta a este equipo (${config.publicUrl}): los códigos QR impresos en los documentos y los enlaces de los correos no abrirán desde otro equipo; defina PUBLIC_URL con la dirección pública del servicio`,
    );
  }
  return warnings;
}
