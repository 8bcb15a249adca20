import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { demoProject } from "../../src/engine/index.ts";
import {
  checkLiveChange,
  checkLiveState,
  projectDoc,
  readProjectState,
  writeProjectDiff,
} from "../../src/shared/collab/project-doc.ts";
import { parseProjectState, type StudioProjectState } from "../../src/shared/project/index.ts";
import { beats } from "../../src/shared/time.ts";
import {
  addTrack,
  moveClip,
  setFadeIn,
  setFadeOut,
  setTrackAmplitude,
  setTrackBalance,
  setTrackMute,
  setTrackName,
  trimClipEnd,
  trimClipStart,
  updateTrack,
} from "../../src/studio/editing/index.ts";
import { LiveUndo } from "../../src/studio/live/live-undo.ts";
import { seeded } from "../seeded-random.ts";

const SELECTION = parseProjectState({ timing: {}, tracks: [], selection: {} }).selection;

/** One person's doc with the updates it made, waiting to reach each other peer in some order. */
interface Peer {
  readonly doc: Y.Doc;
  /** Per recipient index: updates not yet delivered. */
  readonly outbox: Uint8Array[][];
}

const read = (doc: Y.Doc) => readProjectState(doc, null, SELECTION);

function peers(count: number, initial: StudioProjectState): Peer[] {
  const seed = Y.encodeStateAsUpdate(projectDoc(initial));
  const list: Peer[] = [];
  for (let index = 0; index < count; index++) {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, seed, "remote");
    const peer: Peer = { doc, outbox: Array.from({ length: count }, () => []) };
    doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin === "remote") return;
      peer.outbox.forEach((queue, to) => {
        if (to !== index) queue.push(update);
      });
    });
    list.push(peer);
  }
  return list;
}

type Edit = (state: StudioProjectState, random: () => number) => StudioProjectState;

const pick = <T>(items: readonly T[], random: () => number): T | undefined =>
  items[Math.floor(random() * items.length)];

function someClip(state: StudioProjectState, random: () => number) {
  const track = pick(
    state.tracks.filter((candidate) => candidate.clips.length > 0),
    random,
  );
  const clip = track && pick(track.clips, random);
  return track && clip ? { trackId: track.id, clipId: clip.id, clip } : undefined;
}

/** The edits people make, through the studio's own edit functions. */
const EDITS: readonly Edit[] = [
  (state, random) => {
    const ref = someClip(state, random);
    const to = pick(state.tracks, random);
    return ref && to ? moveClip(state, ref, beats(Math.round(random() * 16 - 6)), to.id) : state;
  },
  (state, random) => {
    const ref = someClip(state, random);
    return ref ? trimClipStart(state, ref, beats(ref.clip.startBeats + random() * 3)) : state;
  },
  (state, random) => {
    const ref = someClip(state, random);
    return ref ? trimClipEnd(state, ref, beats(ref.clip.endBeats - random() * 3 + 1)) : state;
  },
  (state, random) => {
    const ref = someClip(state, random);
    return ref ? setFadeIn(state, ref, beats(random() * 4)) : state;
  },
  (state, random) => {
    const ref = someClip(state, random);
    return ref ? setFadeOut(state, ref, beats(random() * 4)) : state;
  },
  (state, random) => {
    const ref = someClip(state, random);
    return ref
      ? updateTrack(state, ref.trackId, (track) => ({
          ...track,
          clips: track.clips.filter((clip) => clip.id !== ref.clipId),
        }))
      : state;
  },
  (state, random) => {
    const track = pick(state.tracks, random);
    return track ? setTrackAmplitude(state, track.id, random()) : state;
  },
  (state, random) => {
    const track = pick(state.tracks, random);
    return track ? setTrackBalance(state, track.id, random() * 2 - 1) : state;
  },
  (state, random) => {
    const track = pick(state.tracks, random);
    return track ? setTrackMute(state, track.id, random() < 0.5) : state;
  },
  (state, random) => {
    const track = pick(state.tracks, random);
    return track ? setTrackName(state, track.id, `Track ${Math.floor(random() * 100)}`) : state;
  },
  (state, random) => (state.tracks.length < 12 && random() < 0.3 ? addTrack(state) : state),
  (state, random) => {
    // Reorders the tracks: two people doing so at once must still converge.
    const from = Math.floor(random() * state.tracks.length);
    const tracks = [...state.tracks];
    const [moved] = tracks.splice(from, 1);
    tracks.splice(Math.floor(random() * (tracks.length + 1)), 0, moved);
    return { ...state, tracks };
  },
];

function edit(peer: Peer, random: () => number): void {
  const before = read(peer.doc);
  const choice = pick(EDITS, random) as Edit;
  writeProjectDiff(peer.doc, before, choice(before, random));
}

/** Delivers some of the waiting updates, each recipient's in a random order. */
function deliverSome(list: Peer[], random: () => number, share: number): void {
  list.forEach((sender) => {
    sender.outbox.forEach((queue, to) => {
      const taken = queue.splice(0, Math.ceil(queue.length * share));
      for (let index = taken.length - 1; index > 0; index--) {
        const other = Math.floor(random() * (index + 1));
        [taken[index], taken[other]] = [taken[other], taken[index]];
      }
      for (const update of taken) Y.applyUpdate(list[to].doc, update, "remote");
    });
  });
}

function runSession(count: number, seed: number, edits: number) {
  const random = seeded(seed);
  const list = peers(count, demoProject());
  for (let step = 0; step < edits; step++) {
    edit(pick(list, random) as Peer, random);
    // Most of the time updates wait, so edits made on stale states (conflicts) are common.
    if (random() < 0.3) deliverSome(list, random, random());
  }
  deliverSome(list, random, 1);
  return list.map((peer) => read(peer.doc));
}

describe("a studio project in a Yjs doc", () => {
  it("reads back what was written", () => {
    const state = demoProject();
    const back = read(projectDoc(state));
    expect(back).toEqual({ ...state, selection: SELECTION });
    expect(checkLiveState(back)).toEqual({ ok: true, state: back });
  });

  it("keeps unchanged parts of the previous state by identity", () => {
    const state = read(projectDoc(demoProject()));
    const doc = projectDoc(state);
    const changed = setTrackMute(state, state.tracks[2].id, true);
    writeProjectDiff(doc, state, changed);
    const next = readProjectState(doc, state, SELECTION);
    expect(next.tracks[2].mute).toBe(true);
    expect(next.tracks[0]).toBe(state.tracks[0]);
    expect(next.tracks[2].clips).toBe(state.tracks[2].clips);
    expect(next.timing).toBe(state.timing);
    expect(readProjectState(doc, next, SELECTION)).toBe(next);
  });

  it.each([
    [2, 11],
    [8, 29],
  ])(
    "%i docs exchanging updates in random orders over 200 edits converge on one valid state",
    (count, seed) => {
      const states = runSession(count, seed, 200);
      for (const state of states.slice(1)) expect(state).toEqual(states[0]);
      expect(checkLiveState(states[0]).ok).toBe(true);
      // The edits did something: the project is not the demo any more.
      expect(states[0]).not.toEqual({ ...demoProject(), selection: SELECTION });
    },
  );

  it("resolves the same clip moved by two people to one of the moves, on both", () => {
    const [alice, bob] = peers(2, demoProject());
    const state = read(alice.doc);
    const track = state.tracks[1];
    const clip = track.clips[0];
    const ref = { trackId: track.id, clipId: clip.id };
    writeProjectDiff(alice.doc, state, moveClip(state, ref, beats(64)));
    writeProjectDiff(bob.doc, state, moveClip(state, ref, beats(96), state.tracks[3].id));
    deliverSome([alice, bob], seeded(1), 1);
    const [a, b] = [read(alice.doc), read(bob.doc)];
    expect(a).toEqual(b);
    const copies = a.tracks.flatMap((each) => each.clips.filter((other) => other.id === clip.id));
    expect(copies).toHaveLength(1);
    expect([clip.startBeats + 64, clip.startBeats + 96]).toContain(copies[0].startBeats);
    expect(copies[0].endBeats - copies[0].startBeats).toBe(clip.endBeats - clip.startBeats);
  });

  it("keeps a clip deleted while someone else trims it deleted", () => {
    const [alice, bob] = peers(2, demoProject());
    const state = read(alice.doc);
    const track = state.tracks[0];
    const clip = track.clips[0];
    const without = updateTrack(state, track.id, (each) => ({ ...each, clips: each.clips.slice(1) }));
    writeProjectDiff(alice.doc, state, without);
    writeProjectDiff(
      bob.doc,
      state,
      trimClipEnd(state, { trackId: track.id, clipId: clip.id }, beats(clip.endBeats - 1)),
    );
    deliverSome([alice, bob], seeded(2), 1);
    const [a, b] = [read(alice.doc), read(bob.doc)];
    expect(a).toEqual(b);
    expect(a.tracks[0].clips.some((each) => each.id === clip.id)).toBe(false);
    expect(checkLiveState(a).ok).toBe(true);
  });

  it("checks only the tracks a change touched, and refuses a bad one", () => {
    const state = read(projectDoc(demoProject()));
    const louder = setTrackAmplitude(state, state.tracks[4].id, 0.5);
    expect(checkLiveChange(state, louder)).toEqual({ ok: true, state: louder });
    const broken = updateTrack(state, state.tracks[4].id, (track) => ({ ...track, amplitude: 5 }));
    const check = checkLiveChange(state, broken);
    expect(check.ok).toBe(false);
    expect(check.ok ? "" : check.detail).toMatch(/^Invalid project state: tracks\[4\]\.amplitude/);
    const bare = updateTrack(
      state,
      state.tracks[1].id,
      ({ name, ...track }) => track as (typeof state.tracks)[1],
    );
    expect(checkLiveChange(state, bare).ok).toBe(false);
  });

  it("writes only the fields this side changed, leaving someone else's newer ones", () => {
    const [alice, bob] = peers(2, demoProject());
    const stale = read(alice.doc);
    const track = stale.tracks[2];
    const bobs = read(bob.doc);
    writeProjectDiff(bob.doc, bobs, setTrackName(bobs, track.id, "Renamed by Bob"));
    deliverSome([alice, bob], seeded(5), 1);
    // Alice's edit is computed from the state before Bob's rename (a drag under way, say).
    writeProjectDiff(alice.doc, stale, setTrackMute(stale, track.id, true));
    deliverSome([alice, bob], seeded(6), 1);
    for (const peer of [alice, bob]) {
      const after = read(peer.doc).tracks[2];
      expect(after.name).toBe("Renamed by Bob");
      expect(after.mute).toBe(true);
    }
  });

  it("refuses a state with a part missing its fields", () => {
    const doc = projectDoc(demoProject());
    doc.getMap<Y.Map<unknown>>("clips").set("bare", new Y.Map());
    const bare = doc.getMap<Y.Map<unknown>>("clips").get("bare") as Y.Map<unknown>;
    bare.set("trackId", demoProject().tracks[0].id);
    expect(checkLiveState(read(doc)).ok).toBe(false);
  });

  it("undoes only one's own edits", () => {
    const [alice, bob] = peers(2, demoProject());
    const undo = new LiveUndo(alice.doc);
    const state = read(alice.doc);
    const [first, second] = state.tracks;
    undo.transact(() => writeProjectDiff(alice.doc, state, setTrackName(state, first.id, "Alice's")));
    const bobs = read(bob.doc);
    writeProjectDiff(bob.doc, bobs, setTrackName(bobs, second.id, "Bob's"));
    deliverSome([alice, bob], seeded(3), 1);
    expect(undo.canUndo()).toBe(true);
    undo.undo();
    deliverSome([alice, bob], seeded(4), 1);
    for (const peer of [alice, bob]) {
      const after = read(peer.doc);
      expect(after.tracks[0].name).toBe(first.name);
      expect(after.tracks[1].name).toBe("Bob's");
    }
    undo.redo();
    expect(read(alice.doc).tracks[0].name).toBe("Alice's");
  });
});
