// The clip actions behind the song menu, as the pro demo user on the create page: Remaster opens its
// modal and makes a new clip with the sliders that were moved.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();

const TITLE = "Action Song";
const SHOTS = process.env.CLIP_ACTION_SHOTS;

async function chooseFromMenu(page: Page, clipId: string, item: string): Promise<void> {
  const row = page.locator(`[data-clip-id="${clipId}"]`);
  await row.getByRole("button", { name: `More actions: ${TITLE}` }).click();
  await page.getByTestId("song-menu").getByRole("menuitem", { name: item, exact: true }).click();
}

/** A finished song of the pro user, laid out in the database with 4 s of stereo audio. */
async function layOutSong(): Promise<string> {
  const { db, storage } = app();
  const owner = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", PRO_USER)
    .executeTakeFirstOrThrow();
  const { row } = await newClipWithAudio(
    db,
    storage,
    {
      userId: owner.id,
      title: TITLE,
      status: "complete",
      modelName: "chirp-crow",
      metadata: { type: "gen", tags: "folk, warm", duration: 4 },
    },
    { sampleRate: 48_000, channels: testAudio(4 * 48_000) },
  );
  return row.id;
}

const clipOf = async (page: Page, baseUrl: string, id: string) =>
  (await (await page.request.get(`${baseUrl}/api/clip/${id}`)).json()) as Clip;

describe("clip actions", () => {
  it("remasters a song: the modal sends the moved sliders and a new clip renders", async () => {
    const { page, baseUrl } = app();
    await app().grantFlag(PRO_USER, "remaster-modal");
    const source = await layOutSong();
    await app().signIn(PRO_USER);
    await chooseFromMenu(page, source, "Remaster");
    const modal = page.getByTestId("remaster-modal");
    await modal.getByRole("slider", { name: "Stereo width" }).fill("1");
    await modal.getByRole("slider", { name: "Tone" }).fill("0.75");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/remaster-modal.png` });
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/generate/upsample"));
    await modal.getByRole("button", { name: "Remaster", exact: true }).click();
    expect((await sent).postDataJSON()).toEqual({
      clip_id: source,
      model_name: "chirp-crow",
      tone: 0.75,
      stereo_width: 1,
    });
    await expect.poll(() => page.getByText("Remastering clip...").count()).toBe(1);
    await expect.poll(() => modal.count()).toBe(0);
    const firstRow = page.getByTestId("clip-row").first();
    const newId = (await firstRow.getAttribute("data-clip-id")) ?? "";
    expect(newId).not.toBe(source);
    await expect
      .poll(async () => (await clipOf(page, baseUrl, newId)).status, { timeout: 40_000, interval: 1000 })
      .toBe("complete");
    const remastered = await clipOf(page, baseUrl, newId);
    expect(remastered.metadata).toMatchObject({ task: "upsample", upsample_clip_id: source });
  });
});
