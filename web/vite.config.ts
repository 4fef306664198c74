import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { chunkByPage } from './chunks';
import { iconSheetPlugin } from './icon-sheet';
import { precompressPlugin } from './precompress';

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
    // These stay files, cached for good: the icon sheet (icons.png, which every page preloads) and
    // the favicon (as a data URL, 400 bytes of every page's HTML).
    assetsInlineLimit: (file: string) => (/\/(icons\.png|favicon\.svg)$/.test(file) ? false : undefined),
    ...(isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: chunkByPage(`${webRoot}app`) } } }),
  },
  plugins: [
    iconSheetPlugin(`${webRoot}app`),
    // The browser's files only: the server's build is never sent.
    ...(isSsrBuild ? [] : [precompressPlugin()]),
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
