#!/usr/bin/env bash
# `npm test`: everything that must pass before a change lands — build, catalogs, lint, types,
# unit and API integration tests (PGlite, and Postgres when it answers), then end-to-end tests in
# Chromium at phone and desktop sizes. Ends with one line: "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# Each stage's wall time, printed before the closing line.
TIMES=()
SUITE_START=$(date +%s)
timed() {
  local name=$1 started=$SECONDS
  shift
  step "$name"
  "$@"
  TIMES+=("$(printf '%-58s %4ds' "$name" $((SECONDS - started)))")
}

# Lint and the two type checks are single-threaded: run them side by side.
lint_and_types() {
  local lint=0 types=0
  npx eslint . --max-warnings 0 &
  local lint_pid=$!
  (npx tsc --noEmit -p tsconfig.json && npx tsc --noEmit -p sw/tsconfig.json) &
  local types_pid=$!
  wait "$lint_pid" || lint=$?
  wait "$types_pid" || types=$?
  [ "$lint" -eq 0 ] && [ "$types" -eq 0 ]
}

# Browsers and CJK fonts for the end-to-end tests, from Debian, only when missing: Chromium's
# headless shell runs most specs, Chromium itself those that show system notifications.
if ! dpkg -s chromium chromium-headless-shell fonts-noto-cjk >/dev/null 2>&1; then
  step "installing chromium, chromium-headless-shell and fonts-noto-cjk"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell fonts-noto-cjk >/dev/null
fi

results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

catalogs() {
  npx lingui extract --clean >/dev/null
  npx lingui compile --typescript --strict
}
timed "translation catalogs: extract, then every message translated" catalogs
# the PWA, then the server's page renderer (src/entry-server.tsx) from the same sources, then the
# server compiled to JavaScript (dist-api/), which the tests that start a shop process then run
build() {
  npx vite build --logLevel warn
  npx vite build --ssr src/entry-server.tsx --logLevel warn
  npx rolldown -c rolldown.config.ts >/dev/null
  # the embedded database's initdb template, once, before the test workers open fresh databases at once
  node --import tsx scripts/pglite-template.ts
}
timed "build (PWA, server-rendered pages, compiled server)" build
timed "lint and typecheck (side by side)" lint_and_types
timed "unit, API integration and fuzz tests (PGlite and Postgres)" \
  npx vitest run --project unit --project node --project ssr --project api --reporter=default --reporter=json --outputFile.json="$results/vitest.json"
# alone: two shop processes, the real-time server, the Stripe sandbox and 200 shoppers would
# starve the tests above of the two cores, and be starved by them (it needs Postgres; without it, none runs)
timed "scale-out test: two servers, one shop (Postgres)" \
  npx vitest run --project cluster --reporter=default --reporter=json --outputFile.json="$results/cluster.json"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
  timed "end-to-end tests (Chromium, phone and desktop)" npx playwright test --reporter=list,json

step "time per stage"
printf '%s\n' "${TIMES[@]}"
printf '%-58s %4ds\n' "total" $(($(date +%s) - SUITE_START))

node scripts/test-summary.mjs "$results/vitest.json" "$results/cluster.json" "$results/playwright.json"
