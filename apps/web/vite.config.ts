import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

const api = process.env.SIGECE_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
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
    // The vendor chunk (below) is one large, long-cached file by design: about 250 kB once compressed.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      treeshake: {
        // @sigece/fiscal is pure (zod schemas, tables, functions): a screen's chunk carries only the
        // modules of the package it uses, not every context's schemas. zod-es.ts configures zod's locale.
        moduleSideEffects: [{ test: /packages[\\/]fiscal[\\/]src[\\/](?!zod-es\.ts)/, sideEffects: false }],
      },
      output: {
        // Few, larger chunks: on a slow link every chunk costs a round trip and the browser fetches six at a
        // time, so the ~70 small chunks Rolldown made for a list page (one per MUI component) took longer
        // than their bytes. The libraries every screen runs on form one long-cached chunk; the app's shared
        // code another; each screen keeps its own chunk, loaded when first visited. The heavy libraries of a
        // few actions (jsPDF and html2canvas for PDF exports, Recharts for the operations chart) stay out
        // of both and load only with their screen or action.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@mui|@emotion|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|notistack|goober|zod|react-hook-form|@hookform|stylis|hoist-non-react-statics|react-is|prop-types|clsx|@babel[\\/]runtime|react-transition-group|@popperjs|cookie|set-cookie-parser|use-sync-external-store|decimal\.js)[\\/]/,
              priority: 2,
            },
            {
              name: 'app',
              // Shared by two screens or more: the shell, the components and the fiscal rules. (The features'
              // shared helpers too gave a list page 5 fewer files, all fetched at once, for 12 kB more.)
              test: /apps[\\/]web[\\/]src[\\/](app|components)[\\/]|packages[\\/]fiscal[\\/]src[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
