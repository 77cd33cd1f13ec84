// Prints one closing line over all test runners: "tests: N passed, M failed, K skipped". A step that failed
// without failing a test (lint, type check, a suite that did not load) counts as one failure.
import fs from "node:fs";

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined);
const failedSteps = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
let skipped = 0;

for (const vitest of [read("reports/vitest.json"), read("reports/vitest-alone.json")]) {
  if (!vitest) continue;
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + vitest.numFailedTestSuites;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const e2e = read("reports/e2e.json");
if (e2e) {
  passed += e2e.stats.expected;
  // a flaky test failed once and passed on its retry (playwright.config.ts)
  passed += e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
}
if (failedSteps > 0 && failed === 0) failed = failedSteps;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
