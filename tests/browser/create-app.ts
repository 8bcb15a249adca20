// The create-page tests' own server and browser: the built app on a fresh embedded database with
// the two demo accounts seeded (free and pro) and the built-in song generator, and a Chromium with a
// fake microphone (its test tone) that is granted without asking. Other browser tests use the shared
// server and launcher.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { BuiltInGenerator } from "../../src/generator/built-in-generator.ts";
import type { Generator } from "../../src/generator/generator.ts";
import { DIST_DIR } from "../../src/platform/paths.ts";
import type { ResetMail } from "../../src/server/account/password-resets.ts";
import { buildApp } from "../../src/server/app.ts";
import { grantCredits } from "../../src/server/billing/credits.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { seedDemoAccounts } from "../../src/server/seed.ts";
import { LocalDiskStorage } from "../../src/server/storage/local-disk-storage.ts";
import type { Storage } from "../../src/server/storage/storage.ts";
import { encodeWav } from "../../src/shared/audio/wav.ts";
import { launchChromium } from "../../src/tooling/chromium.ts";
import { buildPagesIfStale } from "../../src/tooling/pages-build.ts";
import { openTestDatabase } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";
import { requestSong } from "./song-request.ts";

export const DEMO_PASSWORD = "create page demo password";
export const FREE_USER = "demo@tunesmith.local";
export const PRO_USER = "pro@tunesmith.local";

/** Added to the launcher's flags: a fake, pre-granted microphone, and audio that plays unprompted. */
const FLAGS = [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  "--autoplay-policy=no-user-gesture-required",
];

/** A WAV of a 440 Hz tone, as base64 for the page. */
export function toneWav(seconds: number): string {
  const rate = 48_000;
  const tone = new Float32Array(seconds * rate).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return Buffer.from(encodeWav({ sampleRate: rate, channels: [tone] }, "pcm16")).toString("base64");
}

/** Drops a WAV file on the page's window, as a user dragging it from their desktop would. */
export async function dropWav(page: Page, name: string, wavBase64: string): Promise<void> {
  await page.evaluate(
    ([fileName, wav]) => {
      const bytes = Uint8Array.from(atob(wav), (character) => character.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], fileName, { type: "audio/wav" }));
      for (const type of ["dragenter", "dragover", "drop"]) {
        document.body.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
    },
    [name, wavBase64] as const,
  );
}

/** A same-origin POST from the signed-in browser context (the server refuses cross-site cookie posts). */
export function postJson(page: Page, baseUrl: string, path: string, data: unknown) {
  return page.request.post(`${baseUrl}${path}`, { data, headers: { origin: baseUrl } });
}

interface ClipState {
  readonly id: string;
  readonly status: string;
}

/** Sings a short song with vocals (two takes) through the API and waits until both are complete. */
export async function singSong(page: Page, baseUrl: string, title: string): Promise<string[]> {
  const ids = await requestSong(page.request, baseUrl, title);
  expect(ids).toHaveLength(2);
  const statuses = async () => {
    const states = await Promise.all(
      ids.map(
        async (id) =>
          ((await (await page.request.get(`${baseUrl}/api/clip/${id}`)).json()) as ClipState).status,
      ),
    );
    return states.join(",");
  };
  // Generous: on a loaded 2-core machine the generator can take well over a minute.
  await expect.poll(statuses, { timeout: 150_000, interval: 1000 }).toBe("complete,complete");
  return ids;
}

/** The form check's message under Create. */
export const createError = (page: Page) => page.getByTestId("create-error");

/** Presses Create and answers the form check's message it shows. */
export async function pressCreate(page: Page): Promise<string | null> {
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect.poll(() => createError(page).count()).toBe(1);
  return createError(page).textContent();
}

export async function openAdd(page: Page, item: string): Promise<void> {
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** The API tests' small sine generator in place of the built-in one (closed with it): songs in seconds. */
export function sineSongs(builtIn: Generator): Generator {
  const sine = new SineSongGenerator();
  return {
    name: sine.name,
    generate: (request, onProgress, signal) => sine.generate(request, onProgress, signal),
    close: async () => {
      await builtIn.close();
      await sine.close();
    },
  };
}

export interface CreateApp {
  readonly baseUrl: string;
  readonly page: Page;
  /** The server's database, for tests that lay out a library directly instead of generating it. */
  readonly db: Kysely<Database>;
  /** The server's media store, for tests that lay out songs with their audio directly. */
  readonly storage: Storage;
  /** Signs in through /login and lands on `next`. */
  signIn(email: string, next?: string): Promise<void>;
  signOut(): Promise<void>;
  /** Turns a feature flag on for an account (an admin's job; the page sees it on its next load). */
  grantFlag(email: string, flag: string): Promise<void>;
  /** Brings an account's balance to `credits` through the ledger, as the admin's grant-credits does. */
  setCredits(email: string, credits: number): Promise<void>;
}

/** One server and one browser for the test file, closed after it; `generator` may wrap the built-in one. */
export function openCreateApp(
  options: {
    readonly generator?: (builtIn: Generator) => Generator;
    /** Mail for password reset links; without it the server sends none, as without MAIL_TRANSPORT. */
    readonly resetMail?: ResetMail;
  } = {},
): () => CreateApp {
  let app: CreateApp | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    await buildPagesIfStale();
    const dataDir = mkdtempSync(join(tmpdir(), "tunesmith-create-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = await openTestDatabase("pglite");
    await seedDemoAccounts(database.db, { dataDir, password: DEMO_PASSWORD });
    // One render thread: the machine is shared, and one song at a time is all these tests make.
    const builtIn = new BuiltInGenerator({ threads: 1 });
    const generator = options.generator?.(builtIn) ?? builtIn;
    cleanups.push(() => generator.close());
    const storage = new LocalDiskStorage(join(dataDir, "files"));
    const server = await buildApp({
      database,
      storage,
      distDir: DIST_DIR,
      generator,
      resetMail: options.resetMail,
    });
    server.addHook("onClose", () => database.close());
    const baseUrl = await server.listen({ port: 0, host: "127.0.0.1" });
    cleanups.push(() => server.close());
    const browser = await launchChromium(FLAGS);
    cleanups.push(() => browser.close());
    const { context } = browser;
    const page = await context.newPage();
    app = {
      baseUrl,
      page,
      db: database.db,
      storage,
      async signIn(email, next = "/create") {
        await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Password").fill(DEMO_PASSWORD);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.waitForURL((url) => url.pathname === next.split("?")[0]);
      },
      async signOut() {
        await context.clearCookies();
      },
      async grantFlag(email, flag) {
        await database.db
          .updateTable("users")
          .set((eb) => ({ flags: sql<string[]>`array_append(${eb.ref("flags")}, ${flag})` }))
          .where("email", "=", email)
          .execute();
      },
      async setCredits(email, credits) {
        const user = await database.db
          .selectFrom("users")
          .select(["id", "credits"])
          .where("email", "=", email)
          .executeTakeFirstOrThrow();
        if (user.credits !== credits)
          await grantCredits(database.db, user.id, credits - user.credits, "test");
      },
    };
    // Building the pages when the sources changed takes a while on shared cores.
  }, 180_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return () => {
    if (!app) throw new Error("The app is opened in beforeAll: use it inside tests");
    return app;
  };
}
