import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080'

export default defineConfig({
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
  ],
  build: {
    outDir: 'dist',
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/images': apiTarget,
    },
  },
  preview: {
    proxy: {
      '/api': apiTarget,
      '/images': apiTarget,
    },
  },
})
