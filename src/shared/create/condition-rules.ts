// The create form's condition rules, each a pure change: the new state and the notices it raises.
// One module per rule family, in condition-rules/; every change ends with the model rules
// (condition-rules/form-change.ts).

export * from "./condition-rules/clip-list-rules.ts";
export * from "./condition-rules/cover-rules.ts";
export type { RuleContext, RuleResult } from "./condition-rules/form-change.ts";
export * from "./condition-rules/mode-rules.ts";
export * from "./condition-rules/persona-rules.ts";
export * from "./condition-rules/playlist-rules.ts";
export * from "./condition-rules/timed-rules.ts";
export { titleWithoutRemixSuffix } from "./condition-rules/titles.ts";
