// The README's scripting example, run as written: its code block goes to a file and runs in a Node
// process of its own against a test server, with a script token made through the API.

import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { MPEGDecoder } from "mpg123-decoder";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../src/platform/paths.ts";
import type { CreatedApiToken } from "../../src/shared/api/api-tokens.ts";
import { startApiServer } from "../api-server.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";

/** The first js code block after the README's scripting heading. */
function scriptingExample(readme: string): string {
  const section = readme.slice(readme.indexOf("### Scripting the API"));
  const block = /```js\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error("The README's scripting section has no js code block");
  return block[1];
}

describe("the README's scripting example", () => {
  const server = startApiServer("pglite", { generator: () => new SineSongGenerator() });

  it("makes two songs with a script token, waits for them and downloads playable MP3s", async () => {
    const account = await server.signedUp({ plan: "pro", credits: 50 });
    const made = await account.client.post<CreatedApiToken>("/api/account/api-tokens", {
      name: "README example",
      scope: "write",
    });
    expect(made.status).toBe(201);

    const folder = mkdtempSync(join(tmpdir(), "tunesmith-readme-"));
    writeFileSync(
      join(folder, "make-songs.mjs"),
      scriptingExample(readFileSync(repoPath("README.md"), "utf8")),
    );
    // Generous: the songs render on a loaded machine while the script polls.
    const run = await promisify(execFile)(process.execPath, ["make-songs.mjs"], {
      cwd: folder,
      env: { ...process.env, TUNESMITH_URL: server.url(), TUNESMITH_TOKEN: made.body.token },
      timeout: 240_000,
    });
    const files = readdirSync(folder).filter((name) => name.endsWith(".mp3"));
    expect(files).toHaveLength(2);
    expect(run.stdout.trim().split("\n")).toHaveLength(2);

    for (const file of files) {
      const decoder = new MPEGDecoder();
      await decoder.ready;
      const decoded = decoder.decode(readFileSync(join(folder, file)));
      decoder.free();
      expect(decoded.samplesDecoded).toBeGreaterThan(decoded.sampleRate);
    }
  }, 300_000);
});
