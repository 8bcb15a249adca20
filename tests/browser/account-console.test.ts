// Sign-up, the account page and the staff console in Chromium: a visitor signs up (the handle is
// checked as it is typed, the password's strength shown), redeems an upgrade code on /account and
// sees Pro unlock without a reload, accepts the upload terms (their version is recorded); then, made
// staff, takes a reported song through the console's moderation queue.

import { describe, expect, it } from "vitest";
import { makeCodes } from "../../src/server/account/upgrades.ts";
import { createClip } from "../../src/server/clips/clip-store.ts";
import { FREE_USER, openAdd, openCreateApp } from "./create-app.ts";

const app = openCreateApp();
/** A folder to keep screenshots of the pages in (for a person to look at), when set. */
const SHOTS = process.env.ACCOUNT_SHOTS;
const handle = `signup_${process.pid}`;
const email = `${handle}@example.com`;

describe("sign-up, account and staff console", () => {
  it("signs up with the handle checked as typed and the password's strength shown", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Handle").fill("demo");
    await expect.poll(() => page.locator("#handle-status").textContent()).toBe("The handle @demo is taken");
    await page.getByLabel("Handle").fill(handle);
    await expect.poll(() => page.locator("#handle-status").textContent()).toBe(`@${handle} is available`);
    await page.getByLabel("Password").fill("password1");
    await expect.poll(() => page.locator("#password-strength").textContent()).toBe("Strength: Weak");
    await page.getByLabel("Password").fill("a long enough secret");
    await expect.poll(() => page.locator("#password-strength").textContent()).toBe("Strength: Strong");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/signup.png`, fullPage: true });
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL((url) => url.pathname === "/create");
    await expect.poll(() => page.getByTestId("account-menu").textContent()).toContain(`@${handle}`);
  });

  it("redeems an upgrade code and shows Pro unlocked without a reload", async () => {
    const { page, baseUrl, db } = app();
    const [{ code }] = await makeCodes(db, { plan: "pro", credits: 500 }, 1, 30);
    await page.goto(`${baseUrl}/account?section=upgrade`);
    const modal = page.getByTestId("upgrade-modal");
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(await page.getByTestId("plan-name").textContent()).toBe("Basic");
    expect(await page.locator('.plan-features li[data-unlocked="true"]').count()).toBe(0);
    // Marks this page: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await modal.getByLabel("Upgrade code").fill(code.toLowerCase());
    await modal.getByRole("button", { name: "Redeem" }).click();
    await expect.poll(() => page.getByTestId("plan-name").textContent()).toBe("Pro");
    await expect.poll(() => page.locator('.plan-features li[data-unlocked="false"]').count()).toBe(0);
    await expect.poll(() => page.locator(".account-plan").textContent()).toBe("pro");
    const balance = Number(await page.getByTestId("credit-balance").textContent());
    expect(balance).toBeGreaterThanOrEqual(500);
    await expect.poll(() => page.locator(".ledger tbody tr").first().textContent()).toContain(`code ${code}`);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await modal.count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/account.png`, fullPage: true });
  });

  it("records which version of the terms the upload modal's agreement accepted", async () => {
    const { page, baseUrl, db } = app();
    const terms = (await (await fetch(`${baseUrl}/api/legal/terms`)).json()) as { version: string };
    await page.goto(`${baseUrl}/create`);
    await openAdd(page, "Record audio");
    await page.getByTestId("upload-modal").getByRole("button", { name: "Agree to Terms" }).click();
    const accepted = () =>
      db.selectFrom("users").select("terms_version").where("email", "=", email).executeTakeFirstOrThrow();
    await expect.poll(async () => (await accepted()).terms_version).toBe(terms.version);
    await page.keyboard.press("Escape");
  });

  it("lets a staff user unpublish a reported song from the moderation queue", async () => {
    const { page, baseUrl, db } = app();
    const owner = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", FREE_USER)
      .executeTakeFirstOrThrow();
    const reporter = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const song = await createClip(db, { userId: owner.id, isPublic: true, title: "Loud neighbours" });
    await db
      .insertInto("clip_flags")
      .values({ user_id: reporter.id, clip_id: song.id, reason: "flag_inappropriate" })
      .execute();

    const refused = await page.goto(`${baseUrl}/admin`);
    expect(refused?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");

    await db.updateTable("users").set({ is_staff: true }).where("id", "=", reporter.id).execute();
    const opened = await page.goto(`${baseUrl}/admin`);
    expect(opened?.status()).toBe(200);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Staff console");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => page.getByTestId("admin-user").count()).toBeGreaterThan(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-users.png`, fullPage: true });
    await page.getByRole("tab", { name: "Moderation" }).click();
    const reported = page.getByTestId("reported-song").filter({ hasText: "Loud neighbours" });
    await expect.poll(() => reported.textContent()).toContain("1 report (flag_inappropriate)");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-moderation.png`, fullPage: true });
    await reported.getByRole("button", { name: "Unpublish" }).click();
    await expect.poll(() => reported.count()).toBe(0);
    await expect.poll(() => page.getByText("No reported songs.").isVisible()).toBe(true);
    const row = await db
      .selectFrom("clips")
      .select("is_public")
      .where("id", "=", song.id)
      .executeTakeFirstOrThrow();
    expect(row.is_public).toBe(false);
    await page.getByRole("tab", { name: "Audit log" }).click();
    await expect
      .poll(() => page.getByRole("table", { name: "Audit log" }).textContent())
      .toContain("song.unpublish");
  });
});
