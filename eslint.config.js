import path from 'node:path'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const root = import.meta.dirname

/**
 * Which part of the tree may import which: features never import each other; ui/ and lib/ import no
 * feature; contract/ is shared by both sides and imports neither; the PWA and the server never
 * import each other. Relative imports are resolved against the importing file, `@/` ones against src/.
 */
const area = (file) => {
  const rel = path.relative(root, file).split(path.sep)
  if (rel[0] === 'src' && rel[1] === 'features') return { name: 'feature', feature: rel[2] }
  if (rel[0] === 'src') return { name: ['ui', 'lib'].includes(rel[1]) ? rel[1] : 'app' }
  if (rel[0] === 'server') return { name: 'server', layer: serverLayer(rel), module: rel[1] === 'modules' ? rel[2] : undefined }
  return { name: rel[0] }
}

/**
 * The server's floors, from the ground up (README, "The server's house"): a file imports its own
 * floor or those below, never one above. `modules` never import another module: what spans
 * modules is a flow, and what a module sets off elsewhere reaches it through core/deps.ts.
 * Only integrations/ import the emulators.
 */
const SERVER_FLOORS = ['lib', 'config', 'db', 'emulators', 'integrations', 'core', 'modules', 'flows', 'top']
const serverLayer = (rel) => {
  if (/^config(\.test)?(\.ts)?$/.test(rel[1])) return 'config'
  if (rel.length === 2 || rel[1] === 'ssr') return 'top'
  return SERVER_FLOORS.includes(rel[1]) ? rel[1] : 'top'
}
const serverRule = (from, to) => {
  if (from.layer === 'modules' && to.layer === 'modules' && to.module !== from.module) return 'a module never imports another module: a use case that spans modules is a flow (server/flows/), and an effect elsewhere reaches it through server/core/deps.ts'
  if (to.layer === 'emulators' && !['emulators', 'integrations'].includes(from.layer)) return 'only server/integrations/ mount or reach the emulators'
  if (SERVER_FLOORS.indexOf(to.layer) > SERVER_FLOORS.indexOf(from.layer)) return `server/${from.layer} stands below server/${to.layer}: imports point down`
  return undefined
}

const boundaries = {
  meta: { type: 'problem', messages: { forbidden: '{{from}} may not import {{to}}: {{why}}' } },
  create(context) {
    const from = area(context.filename)
    const check = (node) => {
      const spec = node.source?.value
      if (typeof spec !== 'string' || !(spec.startsWith('.') || spec.startsWith('@/'))) return
      // `@/x` is src/x (tsconfig.json's paths, vite.config.ts's alias)
      const to = area(spec.startsWith('@/') ? path.join(root, 'src', spec.slice(2)) : path.resolve(path.dirname(context.filename), spec))
      let why
      if (from.name === 'feature' && to.name === 'feature' && to.feature !== from.feature) why = 'features are composed in routes, never imported by each other'
      else if ((from.name === 'ui' || from.name === 'lib') && to.name === 'feature') why = 'shared code must not depend on a feature'
      else if (from.name === 'contract' && to.name !== 'contract') why = 'the contract is shared by the PWA and the server and depends on neither'
      else if (['feature', 'ui', 'lib', 'app', 'sw'].includes(from.name) && to.name === 'server') why = 'the PWA talks to the server over HTTP only'
      else if (from.name === 'server' && ['feature', 'ui', 'lib', 'app'].includes(to.name)) why = 'the server does not import the PWA'
      else if (from.name === 'server' && to.name === 'server' && !/\.test\.tsx?$/.test(context.filename)) why = serverRule(from, to)
      if (why) context.report({ node, messageId: 'forbidden', data: { from: from.feature ?? (from.layer ? `server/${from.layer}` : from.name), to: to.feature ?? (to.layer ? `server/${to.layer}` : to.name), why } })
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check }
  },
}

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'dist-api/**', 'node_modules/**', 'src/route-tree.gen.ts', 'locales/**/*.ts', 'test-results/**', 'playwright-report/**', 'data/**', '.data/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local: { rules: { boundaries } } },
    rules: {
      'local/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'sonner', message: 'Use toast from src/lib/toast.ts: it loads sonner with the first toast and mounts the toaster.', allowTypeImports: true }],
        },
      ],
    },
  },
  {
    files: ['src/ui/toaster.tsx', 'src/lib/toast.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['tests/**', '**/*.test.{ts,tsx}', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
)
