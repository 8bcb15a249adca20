// The song menu on every list of songs in Chromium: the profile, search results, the public feed
// and /home's discover sections, a contest, a playlist and a persona's page. On each, the menu of
// one song opened by its owner and by another listener lists the entries the rules table gives
// them there (Remove from Playlist for the playlist's owner only); staff's Share Asset opens the
// hooks' creation page; whether a song is in a contest is asked once per song and heeded. Songs are laid out in the database (generating them is slow on shared cores).

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type Session, sessionSchema } from "../../src/shared/api/accounts.ts";
import { type Clip, clipSchema } from "../../src/shared/api/clips.ts";
import type { PlaylistSummary } from "../../src/shared/api/playlists.ts";
import { hasFeature } from "../../src/shared/song-menu/feature-permissions.ts";
import { menuEntries } from "../../src/shared/song-menu/menu-availability.ts";
import { CONTEST_REMIXES_LOCKED, type MenuContext } from "../../src/shared/song-menu/menu-context.ts";
import { entryLabel } from "../../src/shared/song-menu/menu-entries.ts";
import { newTestClip } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER, postJson } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();
const TITLE = "Everywhere Anthem";
/** The generous wait of a loaded machine. */
const WAIT = { timeout: 30_000 };

interface Place {
  readonly name: string;
  readonly path: () => string;
  /** The menu's context there, for the viewer: owner or not. */
  readonly context: (owner: boolean) => MenuContext;
  /** Where the song's menu button is, once the page shows the song. */
  readonly scope: (page: Page) => ReturnType<Page["locator"]>;
}

let songId = "";
let playlistId = "";
let personaId = "";
let contestId = "";
let ownerHandle = "";

const listRow = (page: Page) => page.locator('[data-testid="clip-row"]', { hasText: TITLE });

const PLACES: readonly Place[] = [
  {
    name: "profile",
    path: () => `/@${ownerHandle}`,
    context: () => ({ place: "profile" }),
    scope: listRow,
  },
  {
    name: "search",
    path: () => `/search?q=${encodeURIComponent("Everywhere")}`,
    context: () => ({ place: "search" }),
    scope: listRow,
  },
  {
    name: "public feed",
    path: () => "/home?tab=feed",
    context: () => ({ place: "feed", section: "public_feed" }),
    scope: listRow,
  },
  {
    name: "discover section",
    path: () => "/home",
    context: () => ({ place: "feed", section: "new_songs" }),
    scope: (page) => page.locator('[data-section="new_songs"] .discover-card', { hasText: TITLE }),
  },
  {
    name: "contest",
    path: () => `/contest/${contestId}`,
    context: () => ({ place: "contest" }),
    scope: listRow,
  },
  {
    name: "playlist",
    path: () => `/playlist/${playlistId}`,
    context: (owner) => ({ place: "playlist", playlistId, ownsPlaylist: owner }),
    scope: listRow,
  },
  {
    name: "persona",
    path: () => `/persona/${personaId}`,
    context: () => ({ place: "persona" }),
    scope: listRow,
  },
];

/** The viewer's session and the song as the server gives it to them. */
async function viewerFacts(page: Page, baseUrl: string): Promise<{ session: Session; clip: Clip }> {
  const session = sessionSchema.parse(await (await page.request.get(`${baseUrl}/api/session`)).json());
  const clip = clipSchema.parse(await (await page.request.get(`${baseUrl}/api/clip/${songId}`)).json());
  return { session, clip };
}

/** The entries the rules table gives this viewer for the song here, as the menu labels them. */
function expectedLabels(session: Session, clip: Clip, context: MenuContext): string[] {
  const studio = hasFeature(session, "Studio");
  return menuEntries(session, [clip], context).map(({ row }) => entryLabel(row, clip, studio));
}

/** Opens the song's menu in `scope`, reads its entries' labels and closes it. */
async function menuLabels(page: Page, place: Place): Promise<string[]> {
  const scope = place.scope(page).first();
  await expect.poll(() => place.scope(page).count(), WAIT).toBeGreaterThan(0);
  await scope.getByRole("button", { name: `More actions: ${TITLE}` }).click();
  const menu = page.getByTestId("song-menu");
  await expect.poll(() => menu.count()).toBe(1);
  const labels = await menu.locator(".song-menu-label").allTextContents();
  await page.keyboard.press("Escape");
  await expect.poll(() => menu.count()).toBe(0);
  return labels;
}

describe("the song menu on every song list", () => {
  beforeAll(async () => {
    const { db, page, baseUrl } = app();
    const owner = await accountOf(db, PRO_USER);
    ownerHandle = owner.handle;
    const root = await newTestClip(db, {
      userId: owner.id,
      title: "Voice root",
      isPublic: true,
      metadata: { type: "gen", tags: "soul", has_vocal: true, duration: 30 },
    });
    const persona = await db
      .insertInto("personas")
      .values({ user_id: owner.id, root_clip_id: root.id, name: "Lists Voice", is_public: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    personaId = persona.id;
    const song = await newTestClip(db, {
      userId: owner.id,
      title: TITLE,
      isPublic: true,
      personaId,
      metadata: { type: "gen", tags: "anthem rock", prompt: "[Verse]\nEverywhere", duration: 30 },
    });
    songId = song.id;
    const contest = await db
      .insertInto("contests")
      .values({ name: "Anthem remix", rules: "One each.", end_time: new Date(Date.now() + 7 * 86_400_000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    contestId = contest.id;
    await db.insertInto("contest_base_clips").values({ contest_id: contestId, clip_id: songId }).execute();

    await app().signIn(PRO_USER, "/me");
    const created = await postJson(page, baseUrl, "/api/playlist/create/", { name: "Anthems" });
    playlistId = ((await created.json()) as PlaylistSummary).id;
    const added = await postJson(page, baseUrl, "/api/playlist/update_clips/", {
      playlist_id: playlistId,
      update_type: "add",
      metadata: { clip_ids: [songId] },
    });
    expect(added.status()).toBe(200);
    const shared = await postJson(page, baseUrl, `/api/playlist_reaction/${playlistId}/set_visibility/`, {
      is_public: true,
    });
    expect(shared.status()).toBe(200);
  }, 120_000);

  for (const [viewer, email] of [
    ["its owner", PRO_USER],
    ["another listener", FREE_USER],
  ] as const) {
    it(`lists the rules table's entries for ${viewer} on each page`, async () => {
      const { page, baseUrl } = app();
      await app().signOut();
      await app().signIn(email, "/home");
      const { session, clip } = await viewerFacts(page, baseUrl);
      const owner = email === PRO_USER;
      for (const place of PLACES) {
        await page.goto(`${baseUrl}${place.path()}`);
        const labels = await menuLabels(page, place);
        expect({ place: place.name, labels }).toEqual({
          place: place.name,
          labels: expectedLabels(session, clip, place.context(owner)),
        });
        if (place.name === "playlist")
          expect(labels.includes("Remove from Playlist"), "Remove from Playlist").toBe(owner);
        expect(labels.includes("Song Details"), "Song Details").toBe(owner);
        expect(labels.includes("Report"), "Report").toBe(!owner);
      }
      await page.goto(`${baseUrl}/playlist/${playlistId}`);
      await page
        .locator('[data-testid="clip-row"]')
        .getByRole("button", { name: `More actions: ${TITLE}` })
        .click();
      await page.screenshot({ path: `/tmp/song-menu-lists-${owner ? "owner" : "other"}.png` });
      await page.keyboard.press("Escape");
    });
  }

  it("asks once per song whether it is in a contest, and reads the song through the answer", async () => {
    const { page, baseUrl, db } = app();
    const owner = await accountOf(db, PRO_USER);
    const late = await newTestClip(db, {
      userId: owner.id,
      title: "Late Entry",
      isPublic: true,
      metadata: { type: "gen", tags: "rock", duration: 30 },
    });
    await app().signOut();
    await app().signIn(PRO_USER, "/home");
    await page.goto(`${baseUrl}/@${ownerHandle}`);
    const row = page.locator('[data-testid="clip-row"]', { hasText: "Late Entry" });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    // Entered in the contest after the page listed it.
    await db
      .updateTable("clips")
      .set({ metadata: { type: "gen", tags: "rock", duration: 30, contest_ids: [contestId] } })
      .where("id", "=", late.id)
      .execute();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(`/api/contests/is_contest_clip/${late.id}/`)) asked.push(request.url());
    });
    const menu = page.getByTestId("song-menu");
    const allowRemixes = menu.getByRole("menuitemcheckbox", { name: /Allow Remixes/ });
    for (let time = 0; time < 2; time++) {
      await row.getByRole("button", { name: "More actions: Late Entry" }).click();
      await expect.poll(() => allowRemixes.getAttribute("aria-disabled"), WAIT).toBe("true");
      expect(await allowRemixes.getAttribute("title")).toBe(CONTEST_REMIXES_LOCKED);
      await page.keyboard.press("Escape");
      await expect.poll(() => menu.count()).toBe(0);
    }
    expect(asked).toHaveLength(1);
  });

  it("adds a song to a playlist from the search results through the menu's dialog", async () => {
    const { page, baseUrl, db } = app();
    const owner = await accountOf(db, PRO_USER);
    const extra = await newTestClip(db, {
      userId: owner.id,
      title: "Second Anthem",
      isPublic: true,
      metadata: { type: "gen", tags: "anthem", duration: 30 },
    });
    await app().signOut();
    await app().signIn(PRO_USER, "/home");
    await page.goto(`${baseUrl}/search?q=${encodeURIComponent("Second Anthem")}`);
    const row = page.locator('[data-testid="clip-row"]', { hasText: "Second Anthem" });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    await row.getByRole("button", { name: "More actions: Second Anthem" }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Add to Playlist" }).click();
    const dialog = page.getByTestId("add-to-playlist");
    await dialog.getByLabel("Search playlists").fill("Anth");
    await dialog.getByRole("button", { name: /^Anthems/ }).click();
    await expect
      .poll(() => page.getByTestId("toast").allTextContents())
      .toContainEqual(expect.stringContaining("Added to Anthems"));
    const listed = await db
      .selectFrom("playlist_clips")
      .select("clip_id")
      .where("playlist_id", "=", playlistId)
      .execute();
    expect(listed.map((entry) => entry.clip_id)).toContain(extra.id);
  });

  it("sends staff from Share Asset to the hooks' creation page with the song", async () => {
    const { page, baseUrl, db } = app();
    await db.updateTable("users").set({ is_staff: true }).where("email", "=", FREE_USER).execute();
    await app().signOut();
    await app().signIn(FREE_USER, "/home");
    await page.goto(`${baseUrl}/@${ownerHandle}`);
    const place = PLACES[0];
    if (place === undefined) throw new Error("no places");
    await expect.poll(() => place.scope(page).count(), WAIT).toBeGreaterThan(0);
    await place
      .scope(page)
      .getByRole("button", { name: `More actions: ${TITLE}` })
      .click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Share Asset" }).click();
    await page.waitForURL((url) => url.pathname === "/hooks/create");
    expect(new URL(page.url()).searchParams.get("clip")).toBe(songId);
  });
});
