// The built web app as the server hands it out (app.ts serveWebApp): Vite's content-hashed files under
// assets/ are cached for good, so a full page load of a screen does not revalidate each chunk again;
// index.html (also the answer of every client route) is revalidated on every load, and the API's
// unknown paths and missing chunks are JSON 404s.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';

const webDist = mkdtempSync(join(tmpdir(), 'sigece-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(webDist, 'assets', 'PurchasesPage-DgMn0ivV.js'), 'export default 1;');
writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// A chunk with the brotli and gzip copies the build writes beside it (apps/web/vite-precompress.ts).
const vendor = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `palabra ${i}`))};`;
writeFileSync(join(webDist, 'assets', 'vendor-Bq8xT2ab.js'), vendor);
writeFileSync(join(webDist, 'assets', 'vendor-Bq8xT2ab.js.br'), brotliCompressSync(vendor));
writeFileSync(join(webDist, 'assets', 'vendor-Bq8xT2ab.js.gz'), gzipSync(vendor));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describeWithApp(
  'the web app: cache headers',
  (ctx) => {
    it('hashed assets are immutable; index.html, client routes and other files are revalidated', async () => {
      const chunk = await ctx().request({ method: 'GET', url: '/assets/PurchasesPage-DgMn0ivV.js' });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/facturacion/compras', '/index.html', '/favicon.svg']) {
        const res = await ctx().request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
      const page = await ctx().request({ method: 'GET', url: '/facturacion/compras' });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
      // A revalidation answers 304 from the ETag.
      const again = await ctx().request({
        method: 'GET',
        url: '/index.html',
        headers: { 'if-none-match': String(page.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      const api = await ctx().request({ method: 'GET', url: '/v2/no-existe' });
      expect(api.statusCode).toBe(404);
      expect(api.json().message).toBe('Recurso no encontrado');
      // A chunk of another build is a 404, not index.html served as a script.
      const missing = await ctx().request({ method: 'GET', url: '/assets/Otro-123.js' });
      expect(missing.statusCode).toBe(404);
    });

    it('a precompressed asset goes out in the encoding the browser accepts, with Vary; otherwise as is', async () => {
      const url = '/assets/vendor-Bq8xT2ab.js';
      const br = await ctx().request({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.rawPayload.length).toBeLessThan(vendor.length / 3);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(vendor);

      const gz = await ctx().request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toContain('Accept-Encoding');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(vendor);

      const plain = await ctx().request({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('Accept-Encoding');
      expect(plain.body).toBe(vendor);
      // A file without copies (too small to gain) is sent as is whatever the browser accepts.
      const small = await ctx().request({
        method: 'GET',
        url: '/assets/PurchasesPage-DgMn0ivV.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body).toBe('export default 1;');
    });
  },
  { config: { webDist } },
);
