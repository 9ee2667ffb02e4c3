import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

// The API serves apps/web/dist on the same origin; in development Vite proxies to it instead.
const apiServer = 'http://127.0.0.1:8000';

export default defineConfig({
  // The plugin's types come from the hoisted vite 8 that vitest uses; at run time it supports vite 7 too.
  plugins: [react() as unknown as PluginOption],
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
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        manualChunks: (id) => {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (id.includes('@mantine') || id.includes('@tabler')) return 'ui';
          return 'vendor';
        },
      },
      onwarn(warning, warn) {
        // zod ships /* @__PURE__ */ comments Rollup cannot place; harmless and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
