#!/usr/bin/env bash
# `npm test`: everything that must pass before a change lands — build, catalogs, lint, types,
# unit and API integration tests (PGlite, and Postgres when it answers), then end-to-end tests in
# Chromium at phone and desktop sizes. Ends with one line: "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# Browser and CJK fonts for the end-to-end tests, from Debian, only when missing.
if ! dpkg -s chromium fonts-noto-cjk >/dev/null 2>&1; then
  step "installing chromium and fonts-noto-cjk"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi

results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

step "translation catalogs: extract, then every message translated"
npx lingui extract --clean >/dev/null
npx lingui compile --typescript --strict

step "build"
npx vite build --logLevel warn

step "lint"
npx eslint . --max-warnings 0

step "typecheck"
npx tsc --noEmit -p tsconfig.json
npx tsc --noEmit -p sw/tsconfig.json

step "unit and API integration tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"

step "end-to-end tests (Chromium, phone and desktop)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json

node scripts/test-summary.mjs "$results/vitest.json" "$results/playwright.json"
