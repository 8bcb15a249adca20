import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/database.ts";
import { buildDspIfStale } from "../../src/tooling/dsp-build.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of a migrated embedded database: each test database starts from it in about a second. */
    dbTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  await buildDspIfStale();
  const template = await openDatabase({ dataDir: "memory://" });
  const dump = await template.dump?.();
  await template.close();
  if (!dump) throw new Error("The embedded database cannot be dumped");
  const file = join(tmpdir(), `tunesmith-db-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("dbTemplate", file);
  if (!process.env.TEST_DATABASE_URL) {
    process.stdout.write(
      [
        "",
        "!!! TEST_DATABASE_URL is not set: the API tests run against the embedded database (PGlite) only.",
        "!!! CI runs them against PostgreSQL too; locally, start one and set TEST_DATABASE_URL to include it.",
        "",
      ].join("\n"),
    );
  }
}
