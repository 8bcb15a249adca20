import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { createAccount, findAccountByEmail } from "./accounts/accounts.ts";
import { createDemoClip, DEMO_SONGS } from "./clips/demo-clips.ts";
import type { Database } from "./db/schema.ts";
import type { Storage } from "./storage/storage.ts";

export interface DemoAccount {
  readonly email: string;
  readonly handle: string;
  readonly plan: "free" | "pro";
}

export interface DemoSeedOptions {
  readonly dataDir: string;
  readonly email?: string;
  readonly proEmail?: string;
  readonly password?: string;
}

const PASSWORD_FILE = "demo-password.txt";

/**
 * Creates the two demo accounts on first start: a free one and a pro one with
 * credits. Without DEMO_PASSWORD the password is random, kept (readable only
 * by the server's user) in DATA_DIR so that every start can print it; there is
 * never a fixed default password.
 */
export async function seedDemoAccounts(
  db: Kysely<Database>,
  options: DemoSeedOptions,
): Promise<{ accounts: DemoAccount[]; password: string }> {
  const password = options.password ?? storedPassword(options.dataDir);
  const accounts: DemoAccount[] = [
    { email: options.email ?? "demo@tunesmith.local", handle: "demo", plan: "free" },
    { email: options.proEmail ?? "pro@tunesmith.local", handle: "demo_pro", plan: "pro" },
  ];
  for (const account of accounts) {
    if (await findAccountByEmail(db, account.email)) continue;
    await createAccount(db, {
      email: account.email,
      password,
      handle: account.handle,
      displayName: account.plan === "pro" ? "Demo Pro" : "Demo",
      plan: account.plan,
      credits: account.plan === "pro" ? 2500 : 50,
      // The pro demo shows the beta inspiration playlist (the flag gates it).
      flags: account.plan === "pro" ? ["playlist-condition"] : [],
    });
  }
  return { accounts, password };
}

/**
 * Gives each demo account a few short songs rendered by the audio engine, when it has no clips at
 * all (trash included): on first start, and again only if its whole library was deleted.
 */
export async function seedDemoClips(
  db: Kysely<Database>,
  storage: Storage,
  accounts: readonly DemoAccount[],
): Promise<void> {
  for (const account of accounts) {
    const user = await findAccountByEmail(db, account.email);
    if (!user) continue;
    const existing = await db
      .selectFrom("clips")
      .select("id")
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    if (existing) continue;
    try {
      for (const song of DEMO_SONGS[account.plan]) await createDemoClip(db, storage, user.id, song);
    } catch (error) {
      // The demo songs are a nicety: without them (say, the audio engine not built) the server still runs.
      const reason = error instanceof Error ? error.message : String(error);
      process.stderr.write(`tunesmith: the demo songs for ${account.email} could not be made: ${reason}\n`);
    }
  }
}

function storedPassword(dataDir: string): string {
  const file = join(dataDir, PASSWORD_FILE);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(12).toString("base64url");
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return password;
}
