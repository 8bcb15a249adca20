import { type ChildProcess, spawn } from "node:child_process";
import { repoPath } from "../src/platform/paths.ts";

/** The first JSON line a script prints says it is ready. */
const jsonLine = <T>(line: string): T | undefined =>
  line.startsWith("{") ? (JSON.parse(line) as T) : undefined;

/**
 * Starts a TypeScript script (a path in the repository) in a Node process of its own (tsx as a
 * loader, not its CLI, so a SIGKILL reaches the process doing the work), and resolves with what
 * `readyLine` reads from the first line it recognises (by default the first JSON line).
 */
export async function startChild<T>(
  script: string,
  env: Record<string, string>,
  readyLine: (line: string) => T | undefined = jsonLine,
): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, ["--import", "tsx", repoPath(script)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = await new Promise<T>((resolve, reject) => {
    let out = "";
    const onData = (data: Buffer) => {
      out += data;
      const ready = out
        .split("\n")
        .slice(0, -1) // whole lines only
        .map(readyLine)
        .find((value) => value !== undefined);
      if (ready === undefined) return;
      child.stdout?.off("data", onData);
      child.stdout?.resume();
      resolve(ready);
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  });
  return { child, ready };
}

/** Kills a child with SIGKILL (no chance to clean up) and waits for it to be gone. */
export async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await gone;
}
