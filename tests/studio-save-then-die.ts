// Run as a child process by api-studio.test.ts: saves one project version into the embedded
// database in DATA_DIR, says which, and is killed (SIGKILL) at once, with no chance to close or
// flush anything: what the database committed must be on disk already.
import { openDatabase } from "../src/server/db/database.ts";
import { createProject, saveProject } from "../src/server/studio/project-writes.ts";
import { newProjectState } from "../src/shared/project/index.ts";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("Set DATA_DIR");
const { db } = await openDatabase({ dataDir });
const user = await db
  .insertInto("users")
  .values({ email: "kill@example.com", handle: "kill_test", display_name: "Kill", password_hash: "x" })
  .returning("id")
  .executeTakeFirstOrThrow();
const project = await createProject(db, user.id, "Survivor");
const versionId = await saveProject(db, user.id, {
  projectId: project.id,
  state: newProjectState({ title: "Saved before the kill" }),
});
process.stdout.write(`${JSON.stringify({ projectId: project.id, versionId })}\n`);
process.kill(process.pid, "SIGKILL");
