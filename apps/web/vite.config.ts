import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// The API serves apps/web/dist on the same origin; in development Vite proxies to it instead.
const apiServer = 'http://127.0.0.1:8000';

export default defineConfig({
  // The plugin's types come from the hoisted vite 8 that vitest uses; at run time it supports vite 7 too.
  plugins: [
    react() as unknown as PluginOption,
    // An offline-capable app shell: a service worker precaches the built app, so a CashFlow game at a
    // table with a poor connection keeps going after a reload (results wait as pending until sent).
    // API and media requests are never answered from the cache.
    VitePWA({
      registerType: 'autoUpdate',
      // A separate registerSW.js file, not an inline script: the CSP is script-src 'self'.
      injectRegister: 'script-defer',
      manifest: {
        name: 'Staff App',
        short_name: 'Staff',
        lang: 'vi',
        start_url: '/',
        display: 'standalone',
        theme_color: '#228be6',
        background_color: '#ffffff',
        icons: [{ src: '/media/logos/logo.png', sizes: '256x256', type: 'image/png', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//],
        cleanupOutdatedCaches: true,
      },
    }) as unknown as PluginOption,
    // Brotli and gzip copies next to each file, made once at build time; the API's static handler sends
    // the one the browser accepts (apps/api/src/http/static.ts), so nothing is compressed per request.
    compression({
      include: /\.(js|mjs|css|html|json|webmanifest|svg)$/,
      exclude: /\.map$/,
      algorithms: ['brotliCompress', 'gzip'],
    }) as unknown as PluginOption,
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/media': { target: apiServer, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/media': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the build: the app's source is not handed to every visitor (the API refuses
    // *.map as well, in case one is ever built; apps/api/src/http/static.ts). The dev server keeps its own.
    sourcemap: false,
    // dist/.vite/manifest.json: which chunk each route loads; bench/web-bench.mjs checks their sizes.
    manifest: true,
    rollupOptions: {
      // No manual chunks: Rollup splits by route, so each screen downloads only the components it uses.
      onwarn(warning, warn) {
        // zod ships /* @__PURE__ */ comments Rollup cannot place; harmless and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
