import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { chunkByPage } from './chunks';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  // Files served as they are from the site's root (the service worker, its icon). Named in full:
  // the Remix CLI builds with the repository as Vite's root.
  publicDir: `${webRoot}public`,
  server: { port: 3000 },
  // `~/…` is web/app (the same mapping as web/tsconfig.json "paths").
  resolve: { alias: { '~': `${webRoot}app` } },
  build: {
    // These stay files: as a data URL each icon named in the sheet would be a document of its own
    // (icons.svg), and the favicon would be 400 bytes of every page rather than one cached file.
    assetsInlineLimit: (file: string) => (/\/(icons|favicon)\.svg$/.test(file) ? false : undefined),
    ...(isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: chunkByPage(`${webRoot}app`) } } }),
  },
  plugins: [
    tailwindcss(),
    remix({
      appDirectory: `${webRoot}app`,
      buildDirectory: `${webRoot}build`,
      ignoredRouteFiles: ['**/*.spec.*', '**/*.test.*', '**/.*'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
}));
