// The built web app as the server hands it out (app.ts serveWebApp): Vite's content-hashed files under
// assets/ are cached for good, so a full page load of a screen does not revalidate each chunk again;
// index.html (also the answer of every client route) is revalidated on every load, and the API's
// unknown paths and missing chunks are JSON 404s.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';

const webDist = mkdtempSync(join(tmpdir(), 'sigece-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(webDist, 'assets', 'PurchasesPage-DgMn0ivV.js'), 'export default 1;');
writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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
  },
  { config: { webDist } },
);
