import { LONE_SURROGATE } from './input-guard.ts';

/**
 * A Content-Disposition header (RFC 6266) for a file named after user data such as a document number:
 * `filename*` carries the exact name in UTF-8 (RFC 8187), `filename` an ASCII fallback for old clients.
 * Control characters (CR/LF would split the header and make Node refuse it), quotes, backslashes and
 * path separators never reach either form.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const clean =
    filename
      .replace(new RegExp(LONE_SURROGATE.source, 'g'), '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
      .replace(/["\\/]/g, '_')
      .trim() || 'documento';
  const ascii = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
