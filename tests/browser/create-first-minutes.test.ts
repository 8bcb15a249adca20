// A new user's first minutes on /create, in Chromium against the built app: a form check shows once,
// under Create, not again as a toast; toasts stack under the header, newest on top, three at most;
// switching Simple to Custom with a long description cuts nothing and says nothing; style
// recommendations never ask what the server refuses; the upload step offers an Upload file button
// and a drop hint beside Record; and the upload paywall says what Pro and Premier add and how to
// get them (ask the administrator, or Upgrade on the account page), as the other upsells do.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  createError,
  FREE_USER,
  openAdd,
  openCreateApp,
  PRO_USER,
  pressCreate,
  toneWav,
} from "./create-app.ts";

const app = openCreateApp();

const toastTitled = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });

/** Drops files on the window as a desktop drag would: [name, type, text content] each. */
async function dropFiles(page: Page, files: readonly (readonly [string, string, string])[]): Promise<void> {
  await page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const [name, type, text] of list) transfer.items.add(new File([text], name, { type }));
    for (const type of ["dragenter", "dragover", "drop"]) {
      document.body.dispatchEvent(
        new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    }
  }, files);
}

describe("the create form's checks", () => {
  it("show once, under Create, never again as a toast, and go when the form changes", async () => {
    const { page } = app();
    await app().signIn(PRO_USER);
    await expect
      .poll(() => page.getByRole("tab", { name: "Simple" }).getAttribute("aria-selected"))
      .toBe("true");
    expect(await pressCreate(page)).toBe("Enter a description to create");
    // A toast raised by the same press would be on the page by now: the inline message renders after it.
    expect(await page.getByTestId("toast").count()).toBe(0);
    // Shown in the error colour, not the panel's muted grey.
    const colours = await page.evaluate(() => {
      const colour = (selector: string) => {
        const element = document.querySelector(selector);
        return element === null ? null : getComputedStyle(element).color;
      };
      const probe = document.createElement("span");
      probe.style.color = "var(--error)";
      document.body.append(probe);
      const error = getComputedStyle(probe).color;
      probe.remove();
      return { message: colour('[data-testid="create-error"]'), error };
    });
    expect(colours.message).toBe(colours.error);
    await page.getByLabel("Song description").fill("a");
    await expect.poll(() => createError(page).count()).toBe(0);
  });

  it("keep an over-long description whole through Simple to Custom and back, with no 'Inputs truncated'", async () => {
    const { page } = app();
    const description = "d".repeat(600);
    await page.getByLabel("Song description").fill(description);
    await page.getByRole("tab", { name: "Custom" }).click();
    await expect
      .poll(() => page.getByRole("tab", { name: "Custom" }).getAttribute("aria-selected"))
      .toBe("true");
    expect(await toastTitled(page, "Inputs truncated").count()).toBe(0);
    await page.getByRole("tab", { name: "Simple" }).click();
    expect(await page.getByLabel("Song description").inputValue()).toBe(description);
    expect(await toastTitled(page, "Inputs truncated").count()).toBe(0);
    expect(await pressCreate(page)).toBe("Description is too long");
    await page.getByLabel("Song description").fill("");
  });
});

describe("style recommendations", () => {
  it("are asked within the server's limit when the styles are over 1,000 characters; saving them is refused on the page", async () => {
    const { page } = app();
    await page.getByRole("tab", { name: "Custom" }).click();
    const statuses: number[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith("/api/tags/recommend")) statuses.push(response.status());
    });
    const styles = Array.from({ length: 120 }, (_, index) => `style number ${index}`).join(", ");
    expect(styles.length).toBeGreaterThan(1000);
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/tags/recommend"));
    await page.getByLabel("Styles", { exact: true }).fill(styles);
    expect((await answered).status()).toBe(200);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // The form itself still says the styles are too long to create with.
    expect(await pressCreate(page)).toBe("Styles are too long");
    // Saving them as a prompt says why it cannot, rather than send what the server refuses.
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/prompts/")) saves.push(request.method());
    });
    await page.getByRole("button", { name: "Save styles" }).click();
    const refused = toastTitled(page, "Prompt could not be saved. Try again.");
    await expect.poll(() => refused.count()).toBe(1);
    expect(await refused.textContent()).toContain("Styles are too long to save: at most 1,000 characters.");
    expect(saves).toEqual([]);
    await page.getByLabel("Styles", { exact: true }).fill("");
  });
});

describe("toasts", () => {
  it("sit under the header, newest on top, at most three at once", async () => {
    const { page } = app();
    // Count what is on screen at every change, so a fourth toast shown for a moment is caught.
    await page.evaluate(() => {
      const seen = { max: 0 };
      (window as unknown as { toastsSeen: typeof seen }).toastsSeen = seen;
      new MutationObserver(() => {
        seen.max = Math.max(seen.max, document.querySelectorAll('[data-testid="toast"]').length);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByLabel("Styles", { exact: true }).fill("s".repeat(900));
    await page.getByRole("button", { name: "Save styles" }).click();
    await expect.poll(() => toastTitled(page, "Prompt saved.").count()).toBe(1);
    await dropFiles(page, [
      ["a.wav", "audio/wav", "a"],
      ["b.wav", "audio/wav", "b"],
    ]);
    await dropFiles(page, [["notes.txt", "text/plain", "not audio"]]);
    // V3.5 takes 200 characters of styles: the styles the form sends are cut, and it says so.
    await page.getByLabel("Model").selectOption("chirp-v3-5");
    await expect.poll(() => toastTitled(page, "Inputs truncated").count()).toBe(1);
    const titles = await page.getByTestId("toast").locator("strong").allTextContents();
    expect(titles).toEqual([
      "Inputs truncated",
      "Please upload audio files only.",
      "Please upload one file at a time.",
    ]);
    expect(
      await page.evaluate(() => (window as unknown as { toastsSeen: { max: number } }).toastsSeen.max),
    ).toBe(3);
    expect(await page.getByLabel("Styles", { exact: true }).inputValue()).toHaveLength(200);

    const header = await page.locator(".create-header").boundingBox();
    const account = await page.getByTestId("account-menu").boundingBox();
    const stack = await page.getByTestId("toasts").boundingBox();
    if (header === null || account === null || stack === null)
      throw new Error("Header or toasts not laid out");
    expect(stack.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(stack.y).toBeGreaterThanOrEqual(account.y + account.height);
    // The header's controls take a click with the toasts up (Playwright checks nothing covers them).
    await page.getByRole("button", { name: "Sign out" }).click({ trial: true });
    await page.getByLabel("Model").selectOption("chirp-crow");
    await page.getByLabel("Styles", { exact: true }).fill("");
  });
});

describe("the upload step", () => {
  it("offers Upload file and a drop hint beside Record; the picked file goes to trim", async () => {
    const { page } = app();
    await openAdd(page, "Upload audio");
    const modal = page.getByTestId("upload-modal");
    await modal.getByRole("button", { name: "Agree to Terms" }).click();
    await expect.poll(() => modal.getAttribute("data-stage")).toBe("source");
    expect(await modal.getByTestId("record-button").isVisible()).toBe(true);
    const upload = modal.getByRole("button", { name: "Upload file" });
    expect(await upload.isVisible()).toBe(true);
    expect(
      await modal
        .getByText("You can also drop an audio file anywhere on this window.", { exact: false })
        .isVisible(),
    ).toBe(true);
    const chooser = page.waitForEvent("filechooser");
    await upload.click();
    await (await chooser).setFiles({
      name: "Harbour tone.wav",
      mimeType: "audio/wav",
      buffer: Buffer.from(toneWav(8), "base64"),
    });
    await expect.poll(() => modal.getAttribute("data-stage")).toBe("trim");
    expect(await modal.getByLabel("Title").inputValue()).toBe("Harbour tone");
    await modal.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Discard" }).click();
    await expect.poll(() => modal.count()).toBe(0);
  });
});

describe("the upload paywall", () => {
  it("says what Pro and Premier add and to ask the administrator, as the other upsells do", async () => {
    const { page } = app();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await app().signIn(FREE_USER);
    await openAdd(page, "Upload audio");
    const paywall = page.getByTestId("upload-paywall");
    await expect
      .poll(() => paywall.getByRole("heading", { level: 2 }).textContent())
      .toBe("You're one step closer");
    expect(await paywall.getByRole("heading", { level: 3 }).allTextContents()).toEqual(["Pro", "Premier"]);
    const text = (await paywall.textContent()) ?? "";
    expect(text).toContain("A Pro or Premier subscription is needed to upload your own audio.");
    expect(text).toContain("Upload or record your own audio, up to 8 minutes");
    expect(text).toContain("Stems, WAV downloads and remaster");
    expect(await paywall.getByTestId("paywall-how").textContent()).toContain(
      `Ask your administrator to upgrade your account.`,
    );
    expect(await paywall.getByTestId("paywall-how").textContent()).toContain(FREE_USER);
    expect(await paywall.getByRole("button", { name: "Upgrade" }).count()).toBe(1);
    await paywall.getByRole("button", { name: "Got it" }).click();
    await expect.poll(() => paywall.count()).toBe(0);
    // The other upsells say the same, and their Upgrade leads to the account page's upgrade.
    await openAdd(page, "Persona");
    const upsell = page.getByRole("dialog");
    await expect
      .poll(() => upsell.textContent())
      .toContain("Ask your administrator to upgrade your account.");
    await upsell.getByRole("button", { name: "Upgrade" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/account" && url.searchParams.get("section") === "upgrade",
    );
  });
});
