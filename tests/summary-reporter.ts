import type { Reporter, TestModule } from "vitest/node";

/** Ends the run with the plain "N passed, N failed" line that CI reads. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const testModule of testModules) {
      let tests = 0;
      for (const test of testModule.children.allTests()) {
        tests++;
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
      // A file that fails to load has no tests but must still count against the run.
      if (tests === 0 && testModule.state() === "failed") counts.failed++;
    }
    const skipped = counts.skipped ? `, ${counts.skipped} skipped` : "";
    process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed${skipped}\n`);
  }
}
