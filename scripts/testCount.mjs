// Reads vitest's JSON report into the closing line's counts. Tests are counted once each; a test file
// that failed with no failed test in it (a failing beforeAll, an import error) is one failure more,
// named, because its tests show as skipped or not at all.

/**
 * @param {any} results vitest's JSON report, or undefined when it wrote none
 * @param {number | null} status vitest's exit status
 * @param {(file: string) => string} name how a test file is named in the summary
 * @returns {{ passed: number, failed: number, skipped: number, failures: string[] }}
 */
export function countResults(results, status, name = (file) => file) {
  if (!results) return { passed: 0, failed: 1, skipped: 0, failures: [`the test run (no report, exit status ${status})`] };
  const failures = [];
  let failed = results.numFailedTests;
  for (const file of results.testResults ?? []) {
    if (file.status !== 'failed' || file.assertionResults.some((test) => test.status === 'failed')) continue;
    failed += 1;
    const reason = String(file.message ?? '').split('\n')[0].trim();
    failures.push(`${name(file.name)} failed outside its tests${reason ? ` (${reason})` : ''}`);
  }
  if (failed === 0 && status !== 0) {
    failed = 1;
    failures.push(`the test run (vitest exited with ${status})`);
  }
  return { passed: results.numPassedTests, failed, skipped: results.numPendingTests + results.numTodoTests, failures };
}
