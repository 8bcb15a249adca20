// Cropping one's avatar in Chromium: the owner picks a picture on their profile, makes the square
// smaller, drags it to the picture's right edge and saves; the profile then shows the avatar the
// server kept, which is that square of the picture and nothing else.

import { encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { FREE_USER, openCreateApp } from "./create-app.ts";

const app = openCreateApp();
const WAIT = { timeout: 60_000, interval: 100 };

/** 300x200: red in x 0-99, green in 100-199, blue in 200-299. */
function stripes(): Buffer {
  const width = 300;
  const height = 200;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data[at + Math.floor(x / 100)] = 255;
      data[at + 3] = 255;
    }
  }
  return Buffer.from(encodePng({ width, height, data, channels: 4 }));
}

describe("the avatar crop", () => {
  it("keeps the square the owner framed", async () => {
    const { page, baseUrl, signIn } = app();
    await signIn(FREE_USER, "/@demo");
    const profile = page.getByTestId("profile-page");
    await profile.getByRole("button", { name: "Edit profile" }).click();
    const form = page.getByTestId("profile-edit");
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: "stripes.png", mimeType: "image/png", buffer: stripes() });

    const frame = form.getByTestId("avatar-crop-frame");
    await expect.poll(() => frame.isVisible(), WAIT).toBe(true);
    // The centred square first: as wide as the picture is tall, in the middle.
    const stage = await form.locator(".avatar-crop-stage").boundingBox();
    const centred = await frame.boundingBox();
    if (stage === null || centred === null) throw new Error("the crop is not laid out");
    expect(centred.height).toBeCloseTo(stage.height, 0);
    expect(centred.x - stage.x).toBeCloseTo((stage.width - centred.width) / 2, 0);

    // A third of the picture's width, dragged past the right edge (it stops there).
    await form.getByLabel("Square size").fill("100");
    const smaller = await frame.boundingBox();
    if (smaller === null) throw new Error("the crop frame vanished");
    expect(smaller.width).toBeCloseTo(stage.width / 3, 0);
    await page.mouse.move(smaller.x + smaller.width / 2, smaller.y + smaller.height / 2);
    await page.mouse.down();
    await page.mouse.move(stage.x + stage.width + 80, smaller.y + smaller.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(async () => {
        const box = await frame.boundingBox();
        return box === null ? Number.NaN : box.x + box.width - (stage.x + stage.width);
      }, WAIT)
      .toBeCloseTo(0, 0);
    await page.screenshot({ path: "/tmp/profile-avatar-crop.png" });

    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => form.count(), WAIT).toBe(0);
    const avatar = profile.locator("img.profile-avatar").first();
    await expect.poll(() => avatar.getAttribute("src"), WAIT).toContain("/api/media/avatars/");
    await page.screenshot({ path: "/tmp/profile-avatar-saved.png" });
    const src = (await avatar.getAttribute("src")) ?? "";
    const answer = await page.request.get(new URL(src, baseUrl).href.replace(/([?&])size=\d+&?/, "$1"));
    expect(answer.status()).toBe(200);
    const kept = jpeg.decode(await answer.body(), { useTArray: true });
    expect([kept.width, kept.height]).toEqual([100, 100]);
    // Blue throughout: the picture's right-hand third, nothing of the others.
    for (const [x, y] of [
      [3, 3],
      [50, 50],
      [96, 96],
    ]) {
      const at = (y * kept.width + x) * 4;
      expect([...kept.data.subarray(at, at + 3)].map((value) => (value > 127 ? 1 : 0))).toEqual([0, 0, 1]);
    }
  }, 180_000);
});
