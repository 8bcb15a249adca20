import type { TestProject } from "vitest/node";
import { chromiumPath } from "../../src/tooling/chromium.ts";
import { serveBuiltApp } from "../../src/tooling/serve-built.ts";
import { writeDatabaseTemplate } from "../db-template.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  chromiumPath();
  const served = await serveBuiltApp();
  project.provide("baseUrl", served.url);
  project.provide("dbTemplate", await writeDatabaseTemplate());
  return served.close;
}
