import { describe, expect, it } from 'vitest';
import { countResults } from './testCount.mjs';

const test = (status) => ({ status, title: status });
const file = (name, status, tests, message = '') => ({ name, status, message, assertionResults: tests.map(test) });
const report = (files) => ({
  numPassedTests: files.flatMap((each) => each.assertionResults).filter((each) => each.status === 'passed').length,
  numFailedTests: files.flatMap((each) => each.assertionResults).filter((each) => each.status === 'failed').length,
  numPendingTests: files.flatMap((each) => each.assertionResults).filter((each) => each.status === 'pending').length,
  numTodoTests: files.flatMap((each) => each.assertionResults).filter((each) => each.status === 'todo').length,
  numFailedTestSuites: 3,
  testResults: files,
});

describe('the closing line of the test command', () => {
  it('counts a timed-out test once, not again for its file and suites', () => {
    const count = countResults(report([file('a.test.ts', 'failed', ['passed', 'failed']), file('b.test.ts', 'passed', ['passed'])]), 1);
    expect(count).toEqual({ passed: 2, failed: 1, skipped: 0, failures: [] });
  });

  it('counts skipped and todo tests', () => {
    const count = countResults(report([file('a.test.ts', 'passed', ['passed', 'pending', 'pending', 'todo'])]), 0);
    expect(count).toMatchObject({ passed: 1, failed: 0, skipped: 3 });
  });

  it('names a file that failed with no failed test, as one failure', () => {
    const count = countResults(report([file('/repo/e2e.test.ts', 'failed', ['pending', 'pending'], 'server exited with 1\nstack')]), 1, (name) => name.replace('/repo/', ''));
    expect(count).toEqual({ passed: 0, failed: 1, skipped: 2, failures: ['e2e.test.ts failed outside its tests (server exited with 1)'] });
  });

  it('fails a run that wrote no report, or exited non-zero with nothing failed', () => {
    expect(countResults(undefined, 1).failed).toBe(1);
    expect(countResults(report([file('a.test.ts', 'passed', ['passed'])]), 1)).toMatchObject({ failed: 1, failures: ['the test run (vitest exited with 1)'] });
  });
});
