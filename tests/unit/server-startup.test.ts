import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../src/platform/paths.ts";

const scratch = mkdtempSync(join(tmpdir(), "tunesmith-startup-"));

/** Runs the server entry as `npm start` does, and returns how it ended. */
function startServer(env: Record<string, string>) {
  const result = spawnSync(repoPath("node_modules/.bin/tsx"), [repoPath("src/server/main.ts")], {
    cwd: scratch,
    env: { ...process.env, DATA_DIR: join(scratch, "data"), ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stderrLines: result.stderr.trim().split("\n") };
}

describe("server start-up with bad configuration", () => {
  it("names the taken port and what to change, in one line", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "0.0.0.0", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { status, stderrLines } = startServer({ PORT: String(port) });
      expect(status).toBe(1);
      expect(stderrLines).toEqual([
        `tunesmith: port ${port} is already in use: set PORT to a free port, e.g. PORT=${port + 1} npm start`,
      ]);
    } finally {
      blocker.close();
    }
  });

  it("names an unwritable DATA_DIR and what to change, in one line", () => {
    const file = join(scratch, "a-file");
    writeFileSync(file, "");
    const { status, stderrLines } = startServer({ DATA_DIR: join(file, "data") });
    expect(status).toBe(1);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toMatch(
      /^tunesmith: DATA_DIR .*a-file\/data cannot be created or written \(ENOTDIR\): set DATA_DIR to a folder you can write to\.$/,
    );
  });

  it("rejects a PORT that is not a number", () => {
    const { status, stderrLines } = startServer({ PORT: "http" });
    expect(status).toBe(1);
    expect(stderrLines).toEqual([
      "tunesmith: PORT=http is not a port number: set PORT to a whole number from 1 to 65535.",
    ]);
  });

  it("rejects an unknown GENERATE_ENDPOINT", () => {
    const { status, stderrLines } = startServer({ GENERATE_ENDPOINT: "v3" });
    expect(status).toBe(1);
    expect(stderrLines).toEqual(["tunesmith: GENERATE_ENDPOINT=v3 is not known: set it to v2 or v2-web."]);
  });
});
