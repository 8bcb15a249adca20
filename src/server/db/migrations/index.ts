import type { Migration } from "kysely";
import * as accounts from "./0001-accounts.ts";
import * as clips from "./0002-clips.ts";

/** Every migration in order; a new one gets the next number and a line here. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001-accounts": accounts,
  "0002-clips": clips,
};
