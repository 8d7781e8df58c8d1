import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DASHBOARD_AREAS, SHELL_AREAS } from './src/lib/text-areas';

/** The libraries every page runs on: React, the router, i18next, TanStack Query, dayjs. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|dayjs)[\\/]/;
/** Ant Design and what it is made of (rc components, icons, CSS-in-JS). */
const ANTD =
  /[\\/]node_modules[\\/](antd|@rc-component|@ant-design|@emotion|@babel[\\/]runtime|stylis|classnames|compute-scroll-into-view)[\\/]/;

/**
 * The signed-in shell and the dashboard (drawn without Ant Design), the
 * building blocks they draw with, the English texts of their areas (the
 * shell's and the dashboard's, lib/text-areas.ts) and the list of English's
 * other texts files (lib/text-files-en.ts): the first page after
 * signing in, in one file rather than some thirty small ones (each of its
 * icons was a file of its own). The sign-in page's own modules are not in it
 * (they stay in the first page's files), nor the other areas' texts (each
 * page loads its own).
 */
const SIGNED_IN_TEXTS = [...SHELL_AREAS, ...DASHBOARD_AREAS].join('|');
const SIGNED_IN_START = new RegExp(
  String.raw`[\\/]apps[\\/]web[\\/]src[\\/](app[\\/]shell[\\/]|features[\\/]dashboard[\\/](pages|components)[\\/]|components[\\/](PlainBlocks|PageHeader|LeaveBalanceCard|list[\\/]StatusTag|employee-search[\\/]EmployeeAvatar)\.|lib[\\/]text-files-en\.ts$|locales[\\/]en[\\/](${SIGNED_IN_TEXTS})\.json$)`,
);

/**
 * `signed-in.html`: the page as `index.html`, its head also announcing the
 * signed-in start's files (the shell, the dashboard, their styles). The
 * server sends it for the signed-in addresses, so a reload or a bookmark
 * fetches them beside the framework instead of after it has run.
 */
function signedInPage(): Plugin {
  return {
    name: 'signed-in-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      const start = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === 'signed-in');
      if (page?.type !== 'asset' || start?.type !== 'chunk') return;
      const html = String(page.source);
      // The routes' own small files that lead into it (the shell's, the dashboard's, the texts').
      const doors = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk' && file.isDynamicEntry && SIGNED_IN_START.test(file.facadeModuleId ?? '')
          ? [file.fileName]
          : [],
      );
      const scripts = [start.fileName, ...start.imports, ...doors].filter(
        (file) => !html.includes(`/${file}`),
      );
      const styles = [...(start.viteMetadata?.importedCss ?? [])];
      const links = [
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        // The mode of the stylesheet the app then adds (crossorigin, as Vite adds it), so the preload is used.
        ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ];
      this.emitFile({
        type: 'asset',
        fileName: 'signed-in.html',
        source: html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), signedInPage()],
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
         * the bundler (pages, the rest of Ant Design, charts, maps, and the
         * texts: a file per language and area, loaded with the pages that show it).
         */
        codeSplitting: {
          groups: [
            /*
             * With the libraries, Vite's helper of dynamic imports: the list of the
             * other languages' texts (lib/text-files.ts) loads while the start file
             * still waits for the remembered language (main.tsx), and a file that
             * took the helper from the start file would wait for it in turn, for ever.
             */
            {
              name: 'framework',
              test: (id: string) => FRAMEWORK.test(id) || /vite[\\/]preload-helper/.test(id),
              tags: ['$initial'],
              priority: 3,
            },
            { name: 'antd', test: ANTD, tags: ['$initial'], priority: 2 },
            { name: 'start', tags: ['$initial'], priority: 1 },
            { name: 'signed-in', test: SIGNED_IN_START, priority: 0 },
          ],
        },
      },
    },
  },
});
