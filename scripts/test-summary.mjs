// Prints one closing line over all test runners: "tests: N passed, M failed, K skipped".
import fs from "node:fs";

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined);
let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = read("test-results/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numFailedTestSuites ?? 0);
  skipped += vitest.numPendingTests + vitest.numTodoTests;
} else failed += 1;

const e2e = read("test-results/e2e.json");
if (e2e) {
  passed += e2e.stats.expected;
  failed += e2e.stats.unexpected + e2e.stats.flaky;
  skipped += e2e.stats.skipped;
} else failed += 1;

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
