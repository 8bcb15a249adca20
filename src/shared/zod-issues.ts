import type { z } from "zod";

const SHOWN_ISSUES = 3;

type Issue = z.core.$ZodIssue;
type Problem = { path: PropertyKey[]; message: string };

const formatPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text === "" ? String(key) : `${text}.${String(key)}`;
  }, "");

const depth = (issues: readonly Issue[]): number => Math.max(...issues.map((issue) => issue.path.length));

/**
 * zod reports a failed union as one "Invalid input" holding every option's issues; the option that
 * got deepest into the value is the one the writer meant, so its issues are the useful ones.
 */
function problems(issues: readonly Issue[], prefix: PropertyKey[]): Problem[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const meant = issue.errors.reduce((best, option) => (depth(option) > depth(best) ? option : best));
      if (depth(meant) > 0) return problems(meant, path);
    }
    return [{ path, message: issue.message }];
  });
}

/**
 * One line naming where each problem is, so a server log or a thrown message is enough to find the
 * bad field in a large saved state; past the first few, problems are counted rather than listed.
 */
export function summarizeIssues(error: z.ZodError): string {
  const all = problems(error.issues, []);
  const shown = all
    .slice(0, SHOWN_ISSUES)
    .map((problem) => `${formatPath(problem.path) || "(root)"}: ${problem.message}`);
  const hidden = all.length - shown.length;
  return hidden > 0 ? `${shown.join("; ")}; and ${hidden} more` : shown.join("; ");
}
