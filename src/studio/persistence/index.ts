export * from "./local-copy.ts";
export * from "./page-lifecycle.ts";
export * from "./project-saver.ts";
export * from "./same-state.ts";
export * from "./save-errors.ts";
export * from "./studio-api.ts";
