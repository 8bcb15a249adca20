import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { createAccount, findAccountByEmail } from "./accounts/accounts.ts";
import type { Database } from "./db/schema.ts";

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
    });
  }
  return { accounts, password };
}

function storedPassword(dataDir: string): string {
  const file = join(dataDir, PASSWORD_FILE);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(12).toString("base64url");
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return password;
}
