// Adds up the vitest and Playwright JSON reports into the one closing line CI reads.
import { readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
let flaky = 0
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  if ('numPassedTests' in report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + (report.numTodoTests ?? 0)
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0)
    flaky += report.stats.flaky ?? 0
    failed += report.stats.unexpected
    skipped += report.stats.skipped
  }
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${flaky ? ` (${flaky} of the passed failed once and passed on the retry)` : ''}`)
process.exitCode = failed > 0 ? 1 : 0
