// axe-core in a page of the built app: the library is read from node_modules and evaluated in the page,
// then run over the whole document; a serious or critical violation fails the test with each rule,
// its help text and the elements it found, so the message says what to fix.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, Result } from "axe-core";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The impacts that fail a page. */
const FAILING = new Set(["serious", "critical"]);

/** Runs axe-core on the page as it is now and answers its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<Result[]> {
  // Evaluated through the debugger, which the app's Content Security Policy (no inline scripts)
  // does not cover, where a script tag would be refused.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
  );
  return results.violations.filter((violation) => FAILING.has(violation.impact ?? ""));
}

/** One line per violation and element, for a failure message a person can act on. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id}: ${violation.help} at ${node.target.join(" ")} (${(
            node.failureSummary ?? ""
          ).replace(/\s*\n\s*/g, " ")})`,
      ),
    )
    .join("\n");
}
