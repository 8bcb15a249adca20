// /persona/{id} in Chromium. A persona's root must be a finished song with vocals, so the test sings
// one through the API first (two takes), then makes a public persona of one take and a private one of
// the other, as a user would.

import { describe, expect, it } from "vitest";
import type { Persona } from "../../src/shared/api/personas.ts";
import { FREE_USER, openCreateApp, PRO_USER, postJson, singSong } from "./create-app.ts";

const app = openCreateApp();

describe("the persona page", () => {
  let shown: Persona;
  let hidden: Persona;

  it("shows the persona, loves and unloves it with the required toasts", async () => {
    const { page, baseUrl } = app();
    await app().signIn(PRO_USER);
    const songIds = await singSong(page, baseUrl, "Lighthouse");
    const made = async (body: object): Promise<Persona> => {
      const answer = await postJson(page, baseUrl, "/api/persona/create/", body);
      expect(answer.status()).toBe(200);
      return (await answer.json()) as Persona;
    };
    shown = await made({
      root_clip_id: songIds[0],
      name: "Harbour Voice",
      description: "Warm and close",
      is_public: true,
    });
    hidden = await made({ root_clip_id: songIds[1], name: "Night Voice", description: "" });

    await page.goto(`${baseUrl}/persona/${shown.id}`);
    const card = page.getByTestId("persona-page");
    await expect.poll(() => card.getByTestId("persona-name").textContent()).toBe("Harbour Voice");
    expect(await card.getByTestId("persona-owner").textContent()).toBe(`by @${shown.user_handle}`);
    expect(await card.getByTestId("persona-description").textContent()).toBe("Warm and close");
    expect(await card.getByTestId("persona-visibility").textContent()).toBe("Public");
    expect(await card.getByTestId("persona-base-audio").getAttribute("src")).toBe(shown.clip.audio_url);
    expect(await card.textContent()).toContain("No songs yet.");
    // One's own persona has no Follow button.
    expect(await card.getByRole("button", { name: "Follow" }).count()).toBe(0);

    const loves = card.getByTestId("persona-loves");
    expect(await loves.textContent()).toBe("0");
    await card.getByRole("button", { name: "Love", exact: true }).click();
    await expect.poll(() => loves.textContent()).toBe("1");
    await expect
      .poll(() => page.getByTestId("toast").allTextContents())
      .toContainEqual(expect.stringContaining('You loved "Harbour Voice"'));
    await card.getByRole("button", { name: "Unlove" }).click();
    await expect.poll(() => loves.textContent()).toBe("0");
    await expect
      .poll(() => page.getByTestId("toast").allTextContents())
      .toContainEqual(expect.stringContaining('You unloved "Harbour Voice"'));
    // The love is the server's: a reload shows the same count.
    await page.reload();
    await expect.poll(() => page.getByTestId("persona-loves").textContent()).toBe("0");
  });

  it("opens /create with the persona set from Use Persona", async () => {
    const { page } = app();
    await page.getByRole("button", { name: "Use Persona" }).click();
    await page.waitForURL((url) => url.pathname === "/create");
    await expect
      .poll(() => page.getByTestId("condition-persona").textContent(), { timeout: 15_000 })
      .toContain("Harbour Voice");
    // use_persona is one-shot: it leaves the address once applied.
    expect(new URL(page.url()).searchParams.get("use_persona")).toBeNull();
  });

  it("shows another user's private persona, and a missing one, as not found", async () => {
    const { page, baseUrl } = app();
    await app().signOut();
    await app().signIn(FREE_USER, `/persona/${hidden.id}`);
    const missing = page.getByTestId("persona-not-found");
    await expect.poll(() => missing.textContent()).toContain("Persona not found");
    expect(await page.getByTestId("persona-page").count()).toBe(0);
    expect(await missing.textContent()).not.toContain("Night Voice");

    await page.goto(`${baseUrl}/persona/${crypto.randomUUID()}`);
    await expect
      .poll(() => page.getByTestId("persona-not-found").textContent())
      .toContain("Persona not found");

    // Someone else's public persona can be followed.
    await page.goto(`${baseUrl}/persona/${shown.id}`);
    const card = page.getByTestId("persona-page");
    await expect.poll(() => card.getByTestId("persona-name").textContent()).toBe("Harbour Voice");
    await card.getByRole("button", { name: "Follow" }).click();
    await expect.poll(() => card.getByRole("button", { name: "Following" }).count()).toBe(1);
  });
});
