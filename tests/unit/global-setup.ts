import pg from "pg";
import type { TestProject } from "vitest/node";
import { buildDspIfStale } from "../../src/tooling/dsp-build.ts";
import { writeDatabaseTemplate } from "../db-template.ts";

/** The URL with its password hidden, for messages. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(not a URL)";
  }
}

/**
 * With TEST_DATABASE_URL set, the API tests run against that PostgreSQL too: if it cannot be used,
 * the run stops before any test with one message saying so (and exit code 1), rather than every
 * test failing on a connection error.
 */
async function checkTestDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  let reason: string | null = null;
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    reason = error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => {});
  }
  if (reason === null) return;
  process.stderr.write(
    [
      "",
      `!!! TEST_DATABASE_URL is set to ${shownUrl(url)}, but PostgreSQL there cannot be used: ${reason}.`,
      "!!! Start it (.ci/run shows how: pg_ctlcluster 15 main start, the role and the database), or unset",
      "!!! TEST_DATABASE_URL to run the API tests against the embedded database only.",
      "",
      "",
    ].join("\n"),
  );
  process.exit(1);
}

export default async function setup(project: TestProject): Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl) await checkTestDatabase(databaseUrl);
  await buildDspIfStale();
  project.provide("dbTemplate", await writeDatabaseTemplate());
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
