// Live editing in Chromium: one account (with collab-workspaces) opens the same studio project in
// two browsers. A scripted sequence of 200 interleaved edits from both (track settings, a move, a
// trim, a fade, and the same track renamed by both at once) ends with both pages showing the same state,
// equal to the one the server saved; each page shows the other's presence. The second browser's
// socket is then cut while both keep editing: once it is back it catches up, both ways.

import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import { liveDigest } from "../../src/shared/collab/project-doc.ts";
import { parseProjectState } from "../../src/shared/project/index.ts";
import { type Browser, launchChromium } from "../../src/tooling/chromium.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();
const WAIT = { timeout: 30_000 };
const RULER_HEIGHT = 28;
const TRACK_HEIGHT = 88;

let second: Browser;
let pageB: Page;
let projectId = "";
/** The second page's live sockets, through a pass-through route, so the test can cut them. */
const routes: WebSocketRoute[] = [];
let cutOff = false;

const strip = (page: Page) => page.getByTestId("live-presence");
const digest = (page: Page) => strip(page).getAttribute("data-live-digest");
const header = (page: Page, index: number) => page.getByTestId("track-header").nth(index);

async function savedDigest(): Promise<string> {
  const response = await app().page.request.get(`${app().baseUrl}/api/studio/project/${projectId}`);
  const { state } = (await response.json()) as { state: unknown };
  return liveDigest(parseProjectState(state));
}

async function signIn(page: Page): Promise<void> {
  const base = app().baseUrl;
  await page.goto(`${base}/login?next=${encodeURIComponent("/notifications")}`);
  await page.getByLabel("Email").fill(PRO_USER);
  await page.getByLabel("Password").fill("create page demo password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/notifications");
}

async function openLive(page: Page): Promise<void> {
  await page.goto(`${app().baseUrl}/studio?initial_project_id=${projectId}`);
  await expect.poll(() => page.getByTestId("track-header").count(), WAIT).toBe(8);
  await expect.poll(() => strip(page).getAttribute("data-live-status"), WAIT).toBe("synced");
}

async function beatX(page: Page, beat: number): Promise<number> {
  const canvas = page.getByTestId("timeline-canvas");
  const box = await canvas.boundingBox();
  if (box === null) throw new Error("The timeline canvas is not on screen");
  const startBeat = Number(await canvas.getAttribute("data-start-beat"));
  const pixelsPerBeat = Number(await canvas.getAttribute("data-pixels-per-beat"));
  return box.x + (beat - startBeat) * pixelsPerBeat;
}

/** Drags on a track's lane from one beat to another, `dy` px below the lane's top. */
async function drag(page: Page, trackIndex: number, fromBeat: number, toBeat: number, dy: number, inset = 0) {
  const box = await page.getByTestId("timeline-canvas").boundingBox();
  if (box === null) throw new Error("The timeline canvas is not on screen");
  const y = box.y + RULER_HEIGHT + trackIndex * TRACK_HEIGHT + dy;
  const from = (await beatX(page, fromBeat)) + inset;
  const to = (await beatX(page, toBeat)) + inset;
  await page.mouse.move(from, y);
  await page.mouse.down();
  for (let step = 1; step <= 6; step++) await page.mouse.move(from + ((to - from) * step) / 6, y);
  await page.mouse.up();
}

async function toggle(page: Page, trackIndex: number, name: RegExp): Promise<void> {
  await header(page, trackIndex).getByRole("button", { name }).click();
}

async function rename(page: Page, trackIndex: number, name: string): Promise<void> {
  const field = header(page, trackIndex).getByLabel("Track name");
  await field.fill(name);
  await field.press("Enter");
}

async function sameEverywhere(): Promise<string> {
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([digest(app().page), digest(pageB)]);
      return a !== null && a === b;
    }, WAIT)
    .toBe(true);
  const shown = (await digest(app().page)) as string;
  // The server saves 2.5 s after the last edit.
  await expect.poll(savedDigest, WAIT).toBe(shown);
  return shown;
}

describe("live editing of one studio project in two browsers", () => {
  beforeAll(async () => {
    const { page, baseUrl } = app();
    await app().grantFlag(PRO_USER, "collab-workspaces");
    await signIn(page);
    const created = await page.request.post(`${baseUrl}/api/studio/create-project?title=Live`, {
      headers: { origin: baseUrl },
    });
    const { id, version_id } = (await created.json()) as { id: string; version_id: number };
    projectId = id;
    const saved = await page.request.post(`${baseUrl}/api/studio/save-project`, {
      headers: { origin: baseUrl },
      data: { project_id: id, state: demoProject(), base_version_id: version_id },
    });
    expect(saved.status()).toBe(200);
    second = await launchChromium();
    pageB = await second.context.newPage();
    await pageB.routeWebSocket(/\/live$/, (socket) => {
      if (cutOff) return socket.close();
      socket.connectToServer();
      routes.push(socket);
    });
    await signIn(pageB);
  }, 120_000);
  afterAll(() => second?.close());

  it("ends interleaved edits from both with the same state on both pages and on the server", async () => {
    const a = app().page;
    const b = pageB;
    await openLive(a);
    await openLive(b);
    // Each sees the other one's presence.
    await expect.poll(() => a.getByTestId("live-person").count(), WAIT).toBe(1);
    await expect.poll(() => b.getByTestId("live-person").count(), WAIT).toBe(1);

    await toggle(a, 0, /^Mute$/);
    await toggle(b, 1, /^Solo$/);
    await rename(a, 2, "Alpha");
    await rename(b, 3, "Beta");
    // The snare's first clip (16..32) moves 4 beats earlier on A; the hats' first clip (8..16) is
    // trimmed to end at 12 on B; the chords' first clip fades in over 6 beats on A.
    await drag(a, 1, 20, 16, 50);
    await drag(b, 2, 16, 12, 50, -3);
    await drag(a, 4, 4, 6, 20);
    // The same track renamed by both at once: one name wins, the same on both.
    await Promise.all([rename(a, 5, "From A"), rename(b, 5, "From B")]);
    await toggle(b, 3, /^Arm for recording$/);
    await toggle(a, 0, /^Unmute$/);
    // 189 more track settings from both pages in turn, never waiting for the other's: 200 edits in
    // all, often on a track the other page changed a moment before.
    const buttons = [/^(Mute|Unmute)$/, /^(Solo|Unsolo)$/, /^(Arm for recording|Disarm recording)$/];
    for (let edit = 0; edit < 189; edit++) {
      await toggle(edit % 2 === 0 ? a : b, (edit * 5) % 6, buttons[edit % 3]);
    }

    await sameEverywhere();
    const clips = (page: Page, trackId: string) =>
      page
        .locator(`[data-testid="track-clips"][data-track-id="${trackId}"] [data-testid="clip-item"]`)
        .first();
    for (const page of [a, b]) {
      expect(await clips(page, "demo-track-snare").getAttribute("data-start-beats")).toBe("12");
      expect(await clips(page, "demo-track-hats").getAttribute("data-end-beats")).toBe("12");
      expect(await clips(page, "demo-track-chords").getAttribute("data-fade-in-beats")).toBe("6");
      expect(["From A", "From B"]).toContain(await header(page, 5).getByLabel("Track name").inputValue());
      expect(await header(page, 2).getByLabel("Track name").inputValue()).toBe("Alpha");
      expect(
        await header(page, 1)
          .getByRole("button", { name: /^Unsolo$/ })
          .count(),
      ).toBe(1);
    }
    // B puts its playhead at beat 8 (a click on the ruler): A sees it there, with B's handle.
    const ruler = await b.getByTestId("timeline-canvas").boundingBox();
    if (ruler === null) throw new Error("The timeline canvas is not on screen");
    await b.mouse.click(await beatX(b, 8), ruler.y + RULER_HEIGHT / 2);
    await expect
      .poll(() => a.getByTestId("live-person").textContent(), WAIT)
      .toMatch(/playhead at beat [78]\.\d/);
    await expect.poll(() => a.locator(".live-playhead").count(), WAIT).toBe(1);
    // For a look at the live strip and B's playhead (not compared): the system's temporary folder.
    await a.screenshot({ path: join(tmpdir(), "studio-live-a.png") });
  }, 420_000);

  it("catches a cut socket up once it is back, with the edits made on both sides meanwhile", async () => {
    const a = app().page;
    const b = pageB;
    cutOff = true;
    for (const route of routes.splice(0)) await route.close();
    await expect.poll(() => strip(b).getAttribute("data-live-status"), WAIT).not.toBe("synced");
    await rename(a, 1, "While away");
    await toggle(a, 6, /^Mute$/);
    await toggle(b, 7, /^Solo$/);
    cutOff = false;
    await expect.poll(() => strip(b).getAttribute("data-live-status"), WAIT).toBe("synced");
    await sameEverywhere();
    expect(await header(b, 1).getByLabel("Track name").inputValue()).toBe("While away");
    expect(
      await header(a, 7)
        .getByRole("button", { name: /^Unsolo$/ })
        .count(),
    ).toBe(1);
  }, 180_000);
});
