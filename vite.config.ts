import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { RenderedShell } from './client/prerender/render-shell';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Same teal as client/ui/theme.ts and scripts/make-icons.mjs, so the splash, the status bar and the icon match.
const THEME_COLOR = '#0f766e';
const BACKGROUND_COLOR = '#f4f7f6';

/**
 * Puts the login screen and the session spinner, rendered by the app's own components with their CSS
 * (client/prerender/render-shell.tsx), into index.html, so the login form paints before any script has
 * arrived or run (decision 012). The HTML is transformed before the bundle is written, so the service
 * worker's precache revision is that of the final index.html.
 */
function prerenderShell(): Plugin {
  const ROOT_ELEMENT = '<div id="root"></div>';
  return {
    name: 'prestamos:prerender-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html debe tener ${ROOT_ELEMENT}`);
        // Vite's own pipeline (TSX, the app's imports) in Node; packages load as Node loads them.
        const { module } = await runnerImport<{ renderShell(): RenderedShell }>(
          fromRoot('./client/prerender/render-shell.tsx'),
          { logLevel: 'warn' },
        );
        const shell = module.renderShell();
        return html
          .replace('</head>', `${shell.head}</head>`)
          .replace(ROOT_ELEMENT, `<div id="root">${shell.root}</div>`);
      },
    },
  };
}

export default defineConfig({
  root: fromRoot('./client'),
  publicDir: fromRoot('./client/public'),
  build: {
    // The server serves dist/ with an SPA fallback (docs/arquitectura.md: one origin for the app and /api).
    outDir: fromRoot('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      // Chakra builds its default system and theme at module level (every recipe, ~30 KB gzip of the precache)
      // through calls the bundler cannot prove pure; they are, and the app builds its own system from the recipes
      // it uses (client/ui/theme.ts), so the defaults are left out when nothing reads them.
      treeshake: { manualPureFunctions: ['defineConfig', 'createSystem', 'mergeConfigs'] },
      output: {
        // React and the router, which every page needs whole, in chunks of their own: a deploy that changes
        // only app code leaves them byte-identical, so the service worker re-downloads less (phones in the
        // field pay for every byte). Then two chunks instead of ~90 small ones, each its own gzip stream
        // (~25 KB less precache; decision 012): 'login', everything the entry imports statically (the login
        // screen and what every page needs; it is written as the entry's index-*.js), and 'ui', the Chakra
        // components only lazy screens use. The rest (screens, the reports' charts) stays with automatic
        // splitting.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie)[\\/]/,
              priority: 10,
            },
            { name: 'login', tags: ['$initial'], priority: 6 },
            {
              name: 'ui',
              test: /node_modules[\\/](@chakra-ui[\\/]react|@ark-ui|@zag-js|@floating-ui|@internationalized)[\\/]/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: { port: 4173, proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } } },
  plugins: [
    react(),
    prerenderShell(),
    VitePWA({
      // 'prompt': a new version waits until the user accepts it, so an update never reloads over unsynced
      // work (docs/arquitectura.md). We register from client/pwa/ via virtual:pwa-register/react (workbox-window).
      registerType: 'prompt',
      injectRegister: null,
      manifest: {
        id: '/',
        name: 'Sistema de Préstamos',
        short_name: 'Préstamos',
        description: 'Administración de préstamos semanales, hojas de cobro y pagos, también sin conexión.',
        lang: 'es-MX',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ['finance', 'business'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // Our own worker (client/sw.ts) for Background Sync of the outbox; the plugin injects the precache list.
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      // The manifest's icons are not all precached: the 512 px ones are fetched only when the app is installed,
      // which needs the network. The 192 px one (3.7 KB gzip) is, through globPatterns below: Chromium fetches it
      // each time it checks that the app is installable, offline too (no icon then was a console error).
      includeManifestIcons: false,
      injectManifest: {
        // The app shell only. /api is never cached by the service worker: data lives in IndexedDB (Dexie).
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The precache stays under 400 KB gzip (decision 012). Left out, each kept by the worker once fetched
        // (client/sw.ts): the reports' chart code (~120 KB; offline before that, a report shows its table
        // without the chart), the sync worker (~37 KB; it syncs, which needs the network anyway, and when it
        // cannot load the page syncs instead: client/sync/run-in-worker.ts), the screens that read and write the
        // server only, so offline they had nothing to show before either (Usuarios, Roles, Cuentas, Clientes,
        // Municipios, Conflictos, En campo, Ajustes: ~17 KB), and the portfolio import with its spreadsheet readers
        // (SheetJS ~160 KB, papaparse ~7 KB gzip; importing sends to the server, so it needs the network
        // anyway). 'Estado de cuenta' and 'Recordatorios' (~5 KB) work offline but are left out too: Cobranza
        // fetches their code once it is on screen, and the worker keeps it (decision 028). Also left out, and not
        // kept by the worker: the manifest's 512 px install icons and iOS's home-screen icon (each fetched when the
        // app is added to the home screen, which needs the network).
        globIgnores: [
          '**/bar-chart-view-*.js',
          '**/sync-worker-*.js',
          '**/users-page-*.js',
          '**/roles-page-*.js',
          '**/accounts-page-*.js',
          '**/clients-page-*.js',
          '**/municipalities-page-*.js',
          '**/sync-conflicts-page-*.js',
          '**/field-page-*.js',
          '**/account-settings-page-*.js',
          '**/import-page-*.js',
          '**/xlsx-*.js',
          '**/papaparse*.js',
          '**/estado-de-cuenta-page-*',
          '**/recordatorios-page-*',
          'icons/icon-512*.png',
          'icons/apple-touch-icon.png',
        ],
      },
    }),
  ],
});
