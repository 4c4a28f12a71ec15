/**
 * Request logging without secrets: the reset link (`/reset-password?token=…`) is opened in the browser
 * and served by this server, so its token would otherwise land in the access log.
 */
export const maskTokens = (url: string): string =>
  url.replace(/([?&](?:token|refreshToken)=)[^&#]*/gi, '$1••••••••');

/** Fastify's default request log fields, with the URL masked. */
export function maskedRequestLog(req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: maskTokens(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
