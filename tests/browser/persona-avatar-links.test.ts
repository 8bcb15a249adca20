// Persona avatars in Chromium: a listener sees a song's persona by its avatar on the song page, in a
// song row and on its owner's profile, and each avatar opens the persona's page. The persona, its
// avatar (made from an image prompt) and its songs are laid out directly (singing them is slow).

import { describe, expect, it } from "vitest";
import { storePromptImage } from "../../src/server/personas/persona-images.ts";
import { personaImageUrl } from "../../src/shared/api/personas.ts";
import { newTestClip } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();
const WAIT = { timeout: 60_000, interval: 100 };

describe("persona avatars", () => {
  it("link to the persona's page from the song page, a song row and the profile", async () => {
    const { page, baseUrl, db, storage, signIn } = app();
    const owner = await accountOf(db, PRO_USER);
    const root = await newTestClip(db, {
      userId: owner.id,
      title: "Avatar root",
      isPublic: true,
      metadata: { type: "gen", tags: "soul", has_vocal: true, duration: 30 },
    });
    const imageId = await storePromptImage(storage, "a lighthouse keeper in blue");
    const persona = await db
      .insertInto("personas")
      .values({
        user_id: owner.id,
        root_clip_id: root.id,
        name: "Beacon Voice",
        is_public: true,
        image_s3_id: imageId,
        image_url: personaImageUrl(imageId),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const song = await finishedSong(
      { db, storage },
      { userId: owner.id, title: "Sung by Beacon", isPublic: true, seconds: 2 },
    );
    await db.updateTable("clips").set({ persona_id: persona.id }).where("id", "=", song.id).execute();
    const personaPath = `/persona/${persona.id}`;
    const onPersonaPage = async () => {
      await page.waitForURL((url) => url.pathname === personaPath, WAIT);
      await expect.poll(() => page.getByTestId("persona-name").textContent(), WAIT).toBe("Beacon Voice");
    };

    // The song page: the persona's avatar and name, one link to its page.
    await signIn(FREE_USER, `/song/${song.id}`);
    const chip = page.getByTestId("song-persona");
    await expect.poll(() => chip.textContent(), WAIT).toBe("Beacon Voice");
    expect(await chip.getAttribute("href")).toBe(personaPath);
    const avatar = chip.locator("img.persona-avatar");
    expect(await avatar.getAttribute("src")).toBe(personaImageUrl(imageId));
    // The picture is really served (decoded by the browser, not a broken image).
    await expect
      .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth), WAIT)
      .toBeGreaterThan(0);
    await page.screenshot({ path: "/tmp/persona-avatar-song.png" });
    await avatar.click();
    await onPersonaPage();

    // The profile: the persona among the owner's public personas, by its avatar.
    await page.goto(`${baseUrl}/@${owner.handle}`);
    const profile = page.getByTestId("profile-page");
    const card = profile.locator(`[data-testid="profile-persona"][data-persona-id="${persona.id}"]`);
    await expect.poll(() => card.textContent(), WAIT).toBe("Beacon Voice");
    await page.screenshot({ path: "/tmp/persona-avatar-profile.png", fullPage: true });
    // The song row on the same page carries the persona chip with its avatar.
    const row = profile.locator(`[data-clip-id="${song.id}"]`);
    const rowChip = row.locator(`[data-testid="persona-link"][data-persona-id="${persona.id}"]`);
    await expect.poll(() => rowChip.textContent(), WAIT).toBe("Beacon Voice");
    expect(await rowChip.locator("img.persona-avatar").getAttribute("src")).toBe(personaImageUrl(imageId));
    await card.locator(".persona-avatar").click();
    await onPersonaPage();
  }, 180_000);
});
