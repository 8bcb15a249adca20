import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../src/platform/paths.ts";
import { openDatabase } from "../../src/server/db/database.ts";
import { parseProjectState } from "../../src/shared/project/index.ts";

const run = promisify(execFile);

describe("a saved project version on the embedded database", () => {
  it("survives the server being killed right after the save", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tunesmith-kill-"));
    const child = await run(repoPath("node_modules/.bin/tsx"), [repoPath("tests/studio-save-then-die.ts")], {
      env: { ...process.env, DATA_DIR: dataDir },
      timeout: 60_000,
    }).then(
      () => {
        throw new Error("The child should have been killed");
      },
      (error: { code?: number; signal?: string; stdout?: string }) => error,
    );
    // tsx runs the script in a child of its own and exits as it did: 128 + 9.
    expect(child.signal === "SIGKILL" || child.code === 137).toBe(true);
    const saved = JSON.parse(child.stdout ?? "") as { projectId: string; versionId: number };

    const database = await openDatabase({ dataDir });
    try {
      const project = await database.db
        .selectFrom("studio_projects")
        .innerJoin("studio_project_versions as v", "v.id", "studio_projects.latest_version_id")
        .select(["v.id", "v.state"])
        .where("studio_projects.id", "=", saved.projectId)
        .executeTakeFirstOrThrow();
      expect(project.id).toBe(saved.versionId);
      expect(parseProjectState(project.state).title).toBe("Saved before the kill");
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
