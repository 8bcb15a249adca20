import type { Kysely } from "kysely";
import { FEATURE_FLAGS, type FeatureFlag, PLAN_KEYS, type PlanKey } from "../../shared/api/accounts.ts";
import { makeCodesBodySchema } from "../../shared/api/admin.ts";
import { summarizeIssues } from "../../shared/zod-issues.ts";
import { makeCodes } from "../account/upgrades.ts";
import { findAccountByEmail } from "../accounts/accounts.ts";
import { grantCredits } from "../billing/credits.ts";
import type { Database, User } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { setFlagOf, setPlanOf, setStaffOf } from "./staff-users.ts";

type Db = Kysely<Database>;

/** A mistake in the command line or its target: printed as one line. */
export class AdminError extends Error {}

export const ADMIN_USAGE = [
  "usage: npm run admin -- <command>",
  "  grant-credits <email> <n>          add n credits (negative n removes them)",
  "  set-plan <email> free|pro|premier  change the plan",
  "  set-flag <email> <flag> on|off     turn a feature flag on or off",
  "  set-staff <email> on|off           make or unmake staff",
  "  show <email>                       print the account's plan, credits, staff and flags",
  "  make-code pro|premier|none [credits] [count] [days]",
  "                                     upgrade codes to hand out (UPGRADE_METHOD=code), one a line",
  "  backup <file>                      the database and every stored file, into a new tar file",
  "  restore <file>                     a backup, into an empty DATA_DIR (or over DATABASE_URL's tables)",
].join("\n");

async function userByEmail(db: Db, email: string): Promise<User> {
  const user = await findAccountByEmail(db, email);
  if (!user) throw new AdminError(`No account with the email ${email}`);
  return user;
}

function onOff(value: string | undefined): boolean {
  if (value === "on") return true;
  if (value === "off") return false;
  throw new AdminError(`Say on or off, not ${value ?? "nothing"}`);
}

export const describeUser = (user: User): string =>
  `${user.email}: plan ${user.plan_key}, ${user.credits} credits, staff ${user.is_staff ? "yes" : "no"}, flags ${
    user.flags.length > 0 ? user.flags.join(", ") : "none"
  }`;

export async function grantCreditsTo(db: Db, email: string, amount: number): Promise<User> {
  if (!Number.isInteger(amount) || amount === 0)
    throw new AdminError("The credits to grant are a whole number, not 0");
  const user = await userByEmail(db, email);
  try {
    await grantCredits(db, user.id, amount, "admin grant");
  } catch (error) {
    if (error instanceof HttpError) throw new AdminError(error.detail);
    throw error;
  }
  return userByEmail(db, email);
}

export async function setPlan(db: Db, email: string, plan: string): Promise<User> {
  if (!(PLAN_KEYS as readonly string[]).includes(plan)) {
    throw new AdminError(`Plans are ${PLAN_KEYS.join(", ")}, not ${plan}`);
  }
  const user = await userByEmail(db, email);
  return setPlanOf(db, user.id, plan as PlanKey);
}

export async function setFlag(db: Db, email: string, flag: string, on: boolean): Promise<User> {
  if (!(FEATURE_FLAGS as readonly string[]).includes(flag)) {
    throw new AdminError(`Unknown flag ${flag}; flags are ${FEATURE_FLAGS.join(", ")}`);
  }
  const user = await userByEmail(db, email);
  return setFlagOf(db, user.id, flag as FeatureFlag, on);
}

export async function setStaff(db: Db, email: string, on: boolean): Promise<User> {
  const user = await userByEmail(db, email);
  return setStaffOf(db, user.id, on);
}

/** Codes for a plan (pro, premier or none) and credits, valid for some days; printed one a line. */
async function makeCodesCommand(db: Db, args: readonly string[]): Promise<string> {
  const [plan, credits = "0", count = "1", days = "30"] = args;
  const parsed = makeCodesBodySchema.safeParse({
    plan_key: plan === "none" ? null : plan,
    credits: Number(credits),
    count: Number(count),
    valid_days: Number(days),
  });
  if (!parsed.success) throw new AdminError(`make-code: ${summarizeIssues(parsed.error)}\n${ADMIN_USAGE}`);
  const body = parsed.data;
  try {
    const codes = await makeCodes(
      db,
      { plan: body.plan_key, credits: body.credits },
      body.count,
      body.valid_days,
    );
    return codes.map((code) => `${code.code}  (until ${code.expires_at})`).join("\n");
  } catch (error) {
    if (error instanceof HttpError) throw new AdminError(error.detail);
    throw error;
  }
}

/** Runs one command line (without the program name) and returns what to print. */
export async function runAdminCommand(db: Db, args: readonly string[]): Promise<string> {
  const [command, email, ...rest] = args;
  if (command === undefined || command === "help" || command === "--help") return ADMIN_USAGE;
  if (command === "make-code") return makeCodesCommand(db, args.slice(1));
  if (!email) throw new AdminError(`${command} needs an email\n${ADMIN_USAGE}`);
  switch (command) {
    case "grant-credits": {
      const amount = Number(rest[0]);
      if (rest[0] === undefined || !Number.isInteger(amount)) {
        throw new AdminError(`grant-credits needs a whole number of credits, not ${rest[0] ?? "nothing"}`);
      }
      return describeUser(await grantCreditsTo(db, email, amount));
    }
    case "set-plan":
      return describeUser(await setPlan(db, email, rest[0] ?? ""));
    case "set-flag":
      if (!rest[0]) throw new AdminError("set-flag needs a flag name");
      return describeUser(await setFlag(db, email, rest[0], onOff(rest[1])));
    case "set-staff":
      return describeUser(await setStaff(db, email, onOff(rest[0])));
    case "show":
      return describeUser(await userByEmail(db, email));
    default:
      throw new AdminError(`Unknown command ${command}\n${ADMIN_USAGE}`);
  }
}
