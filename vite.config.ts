import path from 'node:path'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { MANIFEST_FILES, webManifest, webManifestFor } from './sw/manifest'
import { splitMessages } from './scripts/lib/split-messages'

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080'
/** Names this build: the persisted query cache of an older build is dropped, not misread. */
const buildId = process.env.BUILD_ID ?? new Date().toISOString()

/**
 * valibot marks its schema builders free of side effects, but the shop calls them through a
 * namespace (`v.object(...)`), where the bundler does not see the mark: a schema nobody in the
 * browser uses stayed in the first download (every contract/ schema of a module the first screen
 * imports one constant from). The same functions get the mark at their calls; parse, assert and the
 * config setters have none.
 */
const valibotPureCalls = (): Plugin => {
  const source = readFileSync(createRequire(import.meta.url).resolve('valibot').replace(/\.c?js$/, '.mjs'), 'utf8')
  const marked = [...source.matchAll(/\/\* @__NO_SIDE_EFFECTS__ \*\/\s*function (\w+)/g)].map((match) => match[1]!)
  // `enum_`, `null_`, ... are exported as `enum`, `null`
  const names = [...new Set(marked.flatMap((name) => (name.endsWith('_') ? [name, name.slice(0, -1)] : [name])))]
  const call = new RegExp(`(?<![\\w$.])v\\.(${names.join('|')})\\(`, 'g')
  return {
    name: 'valibot-pure-calls',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: { include: /\.tsx?$/, exclude: /node_modules/ }, code: "from 'valibot'" },
      handler: (code) => ({ code: code.replace(call, '/* @__PURE__ */ v.$1('), map: null }),
    },
  }
}

/** Layouts and pages of the routes the server draws (the member's pages stay split off). */
const FIRST_SCREEN_ROUTES = /^\/\{-\$locale\}(?:\/_home\/?|\/_default(?:\/product\/list)?|\/_detail(?:\/product\/detail\/\$id)?|\/_error(?:\/404)?)?$/

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
  // `@/lib/i18n` is src/lib/i18n: the PWA's imports name what they import, not how far up it is (tsconfig.json's paths)
  resolve: { alias: [{ find: /^@\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` }] },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The pages drawn on the server (decision 67) are in the first script: hydrating one waits for
      // no route chunk, and what they share with the member's pages is not cut into dozens of files.
      // The others bring their loader with their component: what a member's page fetches (its
      // query options, schemas, the address book's district list) is not in the first download.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (FIRST_SCREEN_ROUTES.test(routeId) ? [] : undefined),
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/route-tree.gen.ts',
    }),
    react(),
    // plugin-react 6 has no babel option: the Lingui macro runs through rolldown's babel plugin.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    valibotPureCalls(),
    // each language's messages: the first screen's before the app starts, the rest with the first chunk that needs them
    splitMessages(),
    // the server bundle (`vite build --ssr`, src/entry-server.tsx) has no service worker of its own
    !isSsrBuild && localizedManifests(),
    !isSsrBuild &&
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // registered by src/lib/pwa.ts, which shows the update prompt
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
    // every browser the build targets preloads modules itself
    modulePreload: { polyfill: false },
    rollupOptions: {
      treeshake: {
        // the other languages' manifests (sw/manifest.ts), built at module level: the app needs only their file names
        manualPureFunctions: ['webManifestFor'],
      },
      output: {
        // What every page needs in one file: fewer requests, and one compression window instead of
        // a dozen small ones (about 6 KB less to download on the first visit).
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|valtio|proxy-compare|idb-keyval|@lingui[\\/](core|react)|valibot)[\\/]/,
            },
            {
              // the shop's own code that the first screen runs, in one file instead of a dozen shared bits
              name: 'app',
              test: (id) => !id.includes('node_modules'),
              tags: ['$initial'],
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
