import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Same teal as client/ui/theme.ts and scripts/make-icons.mjs, so the splash, the status bar and the icon match.
const THEME_COLOR = '#0f766e';
const BACKGROUND_COLOR = '#f4f7f6';

export default defineConfig({
  root: fromRoot('./client'),
  publicDir: fromRoot('./client/public'),
  build: {
    // The server serves dist/ with an SPA fallback (DESIGN §2: one origin for the app and /api).
    outDir: fromRoot('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router, which every page needs whole, in chunks of their own: a deploy that changes
        // only app code leaves them byte-identical, so the service worker re-downloads less (phones in the
        // field pay for every byte). The rest stays with automatic splitting, which keeps what only a lazy
        // screen uses (the drawer, valibot) out of the first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie)[\\/]/,
              priority: 10,
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
    VitePWA({
      // 'prompt': a new version waits until the user accepts it, so an update never reloads over unsynced
      // work (DESIGN §6). We register from client/pwa/ via virtual:pwa-register/react (workbox-window).
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.ico'],
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
      injectManifest: {
        // The app shell only. /api is never cached by the service worker: data lives in IndexedDB (Dexie).
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
      },
    }),
  ],
});
