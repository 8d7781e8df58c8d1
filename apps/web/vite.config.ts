import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The libraries every page runs on: React, the router, i18next, TanStack Query, dayjs. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|dayjs)[\\/]/;
/** Ant Design and what it is made of (rc components, icons, CSS-in-JS). */
const ANTD =
  /[\\/]node_modules[\\/](antd|@rc-component|@ant-design|@emotion|@babel[\\/]runtime|stylis|classnames|compute-scroll-into-view)[\\/]/;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/weight.ts and e2e/tests/weight.spec.ts hold the real budgets (gzipped); this warns on raw size.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        /*
         * What the first page (sign-in) runs comes in two files, the framework
         * and the part of Ant Design it uses, rather than some thirty small
         * ones; only modules of the first page's own graph (`$initial`) go
         * there. Everything else stays with the route that uses it, split by
         * the bundler (pages, the rest of Ant Design, charts, maps, and each
         * language's texts, loaded when chosen).
         */
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 2 },
            { name: 'antd', test: ANTD, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
