// Editing a persona on /me/personas in Chromium: name, description, an avatar from an image prompt
// and Public (asked first, as the user has no public persona yet), saved with 'Persona updated
// successfully.'; a name the server refuses keeps the form open with 'Failed to update persona'.

import { describe, expect, it } from "vitest";
import { newTestClip } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();
/** A loaded shared machine draws avatars and answers slowly: generous waits, on state. */
const WAIT = { timeout: 60_000, interval: 100 };

describe("editing a persona on /me/personas", () => {
  it("changes name, description, avatar and visibility, and keeps the form on a refusal", async () => {
    const { page, baseUrl, db, signIn } = app();
    const owner = await accountOf(db, PRO_USER);
    const root = await newTestClip(db, {
      userId: owner.id,
      title: "Root song",
      audioKey: `clips/${owner.id}/audio.wav`,
      metadata: { type: "gen", tags: "soul", has_vocal: true, duration: 30 },
    });
    const persona = await db
      .insertInto("personas")
      .values({ user_id: owner.id, root_clip_id: root.id, name: "Tide Voice", description: "Low" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const stored = () =>
      db.selectFrom("personas").selectAll().where("id", "=", persona.id).executeTakeFirstOrThrow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(PRO_USER, "/me/personas");
    await page.goto(`${baseUrl}/me/personas`);
    const card = page.getByTestId("persona-card").filter({ hasText: "Tide" });
    await expect.poll(() => card.count(), WAIT).toBe(1);
    const toasts = () => page.getByTestId("toast").allTextContents();

    await card.getByRole("button", { name: "Edit" }).click();
    const form = page.getByRole("form", { name: "Edit Tide Voice" });
    await form.getByLabel("Name").fill("Harbour Tide");
    await form.getByLabel(/^Description/).fill("Warm and close");
    expect(await form.getByText("Description (14/500)").count()).toBe(1);
    const create = form.getByRole("button", { name: "Create" });
    expect(await create.isDisabled()).toBe(true);
    await form.getByLabel("Avatar image prompt").fill("a lighthouse at dusk");
    await create.click();
    await expect.poll(() => form.getByRole("img", { name: "Avatar" }).count(), WAIT).toBe(1);
    await form.getByLabel("Public").check();
    await page.screenshot({ path: "/tmp/persona-edit.png" });
    await form.getByRole("button", { name: "Save" }).click();
    const confirm = page.getByRole("dialog", { name: "Make Persona Public?" });
    await expect.poll(() => confirm.count(), WAIT).toBe(1);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Persona updated successfully."));
    await expect
      .poll(() => page.getByTestId("persona-card").filter({ hasText: "Harbour Tide" }).count(), WAIT)
      .toBe(1);
    const saved = await stored();
    expect(saved).toMatchObject({ name: "Harbour Tide", description: "Warm and close", is_public: true });
    expect(saved.image_s3_id).toMatch(/^[0-9a-f]{32}$/);

    // A name the server refuses: the form stays, with the reason.
    const edited = page.getByTestId("persona-card").filter({ hasText: "Harbour Tide" });
    await edited.getByRole("button", { name: "Edit" }).click();
    const again = page.getByRole("form", { name: "Edit Harbour Tide" });
    await again.getByLabel("Name").fill("x".repeat(100));
    // Given away meanwhile (another tab, an administrator): no longer the user's to edit.
    const other = await accountOf(db, FREE_USER);
    await db.updateTable("personas").set({ user_id: other.id }).where("id", "=", persona.id).execute();
    await again.getByRole("button", { name: "Save" }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Failed to update persona"));
    expect(await again.count()).toBe(1);
    expect((await stored()).name).toBe("Harbour Tide");
  });
});
