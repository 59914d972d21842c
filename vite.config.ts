import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { MANIFEST_FILES, webManifest, webManifestFor } from './sw/manifest'

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080'
/** Names this build: the persisted query cache of an older build is dropped, not misread. */
const buildId = process.env.BUILD_ID ?? new Date().toISOString()

/** The manifests of the other languages beside vite-plugin-pwa's zh-TW one (decision 58; the pages link their own). */
const localizedManifests = (): Plugin => ({
  name: 'localized-web-manifests',
  apply: 'build',
  generateBundle() {
    for (const locale of ['en', 'ja'] as const) {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILES[locale], source: JSON.stringify(webManifestFor(locale)) })
    }
  },
})

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/route-tree.gen.ts',
    }),
    react(),
    // plugin-react 6 has no babel option: the Lingui macro runs through rolldown's babel plugin.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    // the server bundle (`vite build --ssr`, src/entry-server.tsx) has no service worker of its own
    !isSsrBuild && localizedManifests(),
    !isSsrBuild &&
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // registered by src/lib/pwa.ts through workbox-window, which shows the update prompt
      injectRegister: false,
      manifest: webManifest,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      injectManifest: { globPatterns: ['**/*.{js,css,html}'] },
    }),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  ssr: {
    // bundled into the server build: they ship CSS or untranspiled sources Node cannot import
    noExternal: ['sonner'],
  },
  build: isSsrBuild
    ? { outDir: 'dist-server', target: 'node20', emptyOutDir: true, copyPublicDir: false }
    : {
    outDir: 'dist',
    // One stylesheet for every page (15 KB gzip): a page drawn on the server is styled before any
    // script runs, where per-route stylesheets would arrive with their route's script and move it.
    cssCodeSplit: false,
    target: 'es2022',
    rollupOptions: {
      output: {
        // What every page needs in one file: fewer requests, and one compression window instead of
        // a dozen small ones (about 6 KB less to download on the first visit).
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|valtio|proxy-compare|idb-keyval|@lingui[\\/](core|react)|workbox-window|valibot)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/images': apiTarget,
      // the embedded search engine and payment sandbox answer on the shop's own origin
      '/search': apiTarget,
      '/v1': apiTarget,
    },
  },
  preview: {
    proxy: {
      '/api': apiTarget,
      '/images': apiTarget,
      '/search': apiTarget,
      '/v1': apiTarget,
    },
  },
}))
