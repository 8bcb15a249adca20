import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { BackupError } from "./backup-error.ts";

const run = promisify(execFile);

/** A backup is a plain tar archive (made and read by the system's tar), so it can be inspected with any tar. */
export async function tarFolder(folder: string, file: string): Promise<void> {
  await run("tar", ["-cf", file, "-C", folder, "."]);
}

export async function untarInto(file: string, folder: string): Promise<void> {
  // No absolute names, no owners from the archive: it unpacks only inside the folder given.
  await run("tar", ["-xf", file, "-C", folder, "--no-same-owner", "--no-same-permissions"]);
}

/** Runs one of PostgreSQL's client tools, saying what to install when it is missing. */
export async function runPostgresTool(
  tool: "pg_dump" | "pg_restore",
  args: readonly string[],
): Promise<void> {
  try {
    await run(tool, [...args], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") {
      throw new BackupError(
        `${tool} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client-15) of the server's version or newer`,
      );
    }
    throw new BackupError(
      `${tool} failed: ${(failure.stderr ?? failure.message).trim().split("\n").slice(-3).join(" ")}`,
    );
  }
}
