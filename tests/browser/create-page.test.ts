// /create in Chromium, signed in as the seeded demo users: the form checks show their exact
// messages, what is typed survives a reload, a styles prompt is saved and reused, the fake
// microphone is recorded, trimmed and saved to the library, a dropped WAV becomes a cover, and a
// free user meets the upload paywall and the persona upsell.

import { describe, expect, it } from "vitest";
import { dropWav, FREE_USER, openAdd, openCreateApp, PRO_USER, pressCreate, toneWav } from "./create-app.ts";

const app = openCreateApp();

describe("the create form", () => {
  it("shows each form check's message in its case", async () => {
    const { page } = app();
    await app().signIn(PRO_USER);
    await expect
      .poll(() => page.getByRole("tab", { name: "Simple" }).getAttribute("aria-selected"))
      .toBe("true");
    // The built-in generator's voice is announced for what it is.
    expect(await page.getByText("sung with synth vocals", { exact: false }).count()).toBe(1);
    expect(await pressCreate(page)).toBe("Enter a description to create");
    await page.getByLabel("Song description").fill("x".repeat(501));
    expect(await pressCreate(page)).toBe("Description is too long");

    await page.getByRole("tab", { name: "Custom" }).click();
    expect(await pressCreate(page)).toBe("Enter styles or lyrics to create");
    await page.getByLabel("Exclude styles").fill("y".repeat(1001));
    expect(await pressCreate(page)).toBe("Excluded styles are too long");
    await page.getByLabel("Exclude styles").fill("");
    await page.getByLabel("Styles", { exact: true }).fill("z".repeat(1001));
    expect(await pressCreate(page)).toBe("Styles are too long");
    await page.getByLabel("Styles", { exact: true }).fill("dream pop");
    await page.getByRole("textbox", { name: "Lyrics" }).fill("la ".repeat(1700));
    expect(await pressCreate(page)).toBe("Lyrics are too long");
  });

  it("keeps what was typed across a reload", async () => {
    const { page } = app();
    await page.getByRole("textbox", { name: "Lyrics" }).fill("[Verse]\nNeon on the water");
    await page.getByLabel("Title", { exact: true }).fill("Harbour Lights");
    // The memory saves 300 ms after the last change, and at once when the page goes away.
    await page.reload();
    await expect.poll(() => page.getByLabel("Title", { exact: true }).inputValue()).toBe("Harbour Lights");
    expect(await page.getByRole("tab", { name: "Custom" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("textbox", { name: "Lyrics" }).inputValue()).toBe(
      "[Verse]\nNeon on the water",
    );
    expect(await page.getByLabel("Styles", { exact: true }).inputValue()).toBe("dream pop");
  });

  it("saves a styles prompt and fills the styles from it later", async () => {
    const { page } = app();
    await page.getByLabel("Styles", { exact: true }).fill("shoegaze, warm tape, female vocals");
    await page.getByRole("button", { name: "Save styles" }).click();
    await expect.poll(() => page.getByTestId("toast").allTextContents()).toContain("Prompt saved.×");
    await page.getByLabel("Styles", { exact: true }).fill("");
    await page.getByRole("button", { name: "Saved styles" }).click();
    const entry = page.getByTestId("saved-prompt").first();
    await expect.poll(() => entry.textContent()).toContain("shoegaze, warm tape, female vocals");
    await entry.getByRole("button").first().click();
    await expect.poll(() => page.getByTestId("saved-prompts-modal").count()).toBe(0);
    expect(await page.getByLabel("Styles", { exact: true }).inputValue()).toBe(
      "shoegaze, warm tape, female vocals",
    );
  });
});

describe("lyrics", () => {
  it("writes lyrics from a lyrics prompt and fills the form", async () => {
    const { page } = app();
    await page.getByText("Auto", { exact: true }).click();
    await page.getByRole("textbox", { name: "Lyrics" }).fill("a lighthouse keeper who misses the city");
    await page.getByRole("button", { name: "Generate lyrics" }).click();
    // Done: the lyrics are shown to edit (manual mode), with section tags.
    const lyrics = page.getByRole("textbox", { name: "Lyrics" });
    await expect
      .poll(() => page.getByRole("radio", { name: "Write" }).isChecked(), { timeout: 15_000 })
      .toBe(true);
    expect(await lyrics.inputValue()).toMatch(/\[(Verse|Chorus)/);
  });
});

describe("own audio", () => {
  it("records the microphone, trims it and saves it to the library", async () => {
    const { page } = app();
    await openAdd(page, "Record audio");
    const modal = page.getByTestId("upload-modal");
    await modal.getByRole("button", { name: "Agree to Terms" }).click();
    const record = page.getByTestId("record-button");
    await expect.poll(() => record.getAttribute("data-stage")).toBe("Ready");
    await record.click();
    await expect.poll(() => record.getAttribute("data-stage")).toBe("Recording");
    await expect.poll(() => page.getByTestId("record-timer").textContent(), { timeout: 15_000 }).toBe("0:07");
    await record.click();
    await expect.poll(() => modal.getAttribute("data-stage"), { timeout: 10_000 }).toBe("trim");
    const selection = page.getByTestId("trim-selection");
    expect(Number(await selection.getAttribute("data-start"))).toBe(0);
    expect(Number(await selection.getAttribute("data-end"))).toBeGreaterThan(6.5);
    expect(await page.getByTestId("trim-hint").textContent()).toContain("8 min limit for audio uploads.");
    // Drag the selection's start edge a little to the right: the range shortens.
    const box = await page.getByTestId("trim-wave").boundingBox();
    if (box === null) throw new Error("No trim waveform");
    await page.mouse.move(box.x + 1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 12, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => Number(await selection.getAttribute("data-start"))).toBeGreaterThan(0);
    await page.getByLabel("Title", { exact: true }).last().fill("Mic check");
    await modal.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => modal.getAttribute("data-stage")).toBe("finalize");
    expect(await modal.getByRole("radio", { name: /Save to Library/ }).isChecked()).toBe(true);
    await modal.getByRole("button", { name: "Continue" }).click();
    const row = page.getByTestId("clip-row").filter({ hasText: "Mic check" });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.getByTestId("upload-modal").count()).toBe(0);
    expect(await row.getAttribute("data-status")).toBe("complete");
    // Its waveform is drawn from the server's aggregates.
    await expect.poll(() => row.getByTestId("clip-waveform").getAttribute("data-drawn")).toBe("true");
    // The song menu's Extend sets the extend condition, from near its end.
    await row.getByRole("button", { name: "More actions: Mic check" }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Extend" }).click();
    const extendChip = page.getByTestId("condition-extend");
    await expect.poll(() => extendChip.textContent()).toMatch(/^Extend Mic check Extend from/);
    const extendFrom = extendChip.getByLabel("Extend from");
    expect(Number(await extendFrom.inputValue())).toBeGreaterThan(1);
    // "Extend from" takes a typed start, rounded to 0.04 s, and says it moved it.
    await extendFrom.fill("1.01");
    await extendFrom.press("Enter");
    await expect.poll(() => extendFrom.inputValue()).toBe("1");
    await expect
      .poll(() => page.getByTestId("toast").filter({ hasText: '"Extend from" updated' }).count())
      .toBe(1);
  });

  it("takes a WAV dropped on the window and makes a cover of it", async () => {
    const { page } = app();
    await dropWav(page, "Hum.wav", toneWav(8));
    const modal = page.getByTestId("upload-modal");
    await expect.poll(() => modal.getAttribute("data-stage")).toBe("trim");
    expect(await page.getByLabel("Title", { exact: true }).last().inputValue()).toBe("Hum");
    await modal.getByRole("button", { name: "Save", exact: true }).click();
    await modal.getByRole("radio", { name: /Cover/ }).check();
    await modal.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => page.getByTestId("condition-cover").count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId("condition-cover").textContent()).toContain("Cover of Hum");
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Hum (Cover)");
    // Generating sends the upload as the cover reference, and the cover becomes a song of its own.
    await page.getByLabel("Styles", { exact: true }).fill("lo-fi, piano");
    const sent = page.waitForRequest(
      (request) => request.url().includes("/api/generate/v2") && request.method() === "POST",
    );
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({ task: "cover", cover_clip_id: expect.any(String), title: "Hum (Cover)" });
    const covers = page
      .locator('[data-testid="clip-row"][data-status="complete"]')
      .filter({ hasText: "Hum (Cover)" });
    await expect.poll(() => covers.count(), { timeout: 60_000 }).toBeGreaterThan(0);
  });
});

describe("personas", () => {
  it("shows the empty persona list, and Create a Persona asks for a base song", async () => {
    const { page } = app();
    await openAdd(page, "Persona");
    const picker = page.getByTestId("persona-picker");
    await expect.poll(() => picker.textContent()).toContain("No Personas");
    expect(await picker.textContent()).toContain(
      "Personas let you create songs that have a similar style and voice.",
    );
    await picker.getByRole("tab", { name: "Favorites" }).click();
    await expect.poll(() => picker.textContent()).toContain("Favorite a persona to see it here.");
    await picker.getByRole("tab", { name: "My Personas" }).click();
    await picker.getByRole("button", { name: "+ Create New Persona" }).click();
    const form = page.getByTestId("create-persona");
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toBe("You need to select a base clip!");
    await form.getByRole("button", { name: "Cancel" }).click();
  });
});

describe("a free user", () => {
  it("meets the upload paywall and the persona upsell", async () => {
    const { page } = app();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await app().signIn(FREE_USER);
    // The pro user's remembered form went with the sign-out.
    expect(await page.getByLabel("Song description").inputValue()).toBe("");
    await openAdd(page, "Upload audio");
    await expect
      .poll(() => page.getByTestId("upload-paywall").textContent())
      .toContain("You're one step closer");
    await page.getByTestId("upload-paywall").getByRole("button", { name: "Got it" }).click();
    await openAdd(page, "Persona");
    await expect
      .poll(() => page.getByRole("dialog").textContent())
      .toContain("Personas are for Pro and Premier");
  });
});
