import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.SIGECE_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/v2': { target: api, changeOrigin: true },
      '/docs': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: {
        // @sigece/fiscal is pure (zod schemas, tables, functions): a screen's chunk carries only the
        // modules of the package it uses, not every context's schemas. zod-es.ts configures zod's locale.
        moduleSideEffects: [{ test: /packages[\\/]fiscal[\\/]src[\\/](?!zod-es\.ts)/, sideEffects: false }],
      },
    },
  },
});
