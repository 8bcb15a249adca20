// How much of an edit's round trip is the engine's own work: ProjectSession.update (render plan,
// validation, patch diff) for the bench project and the bench's edits, timed in Node on this
// machine, so the studio's share and the engine's can be told apart.

import { synthesizeDemoMaterial } from "../src/engine/demo/demo-material.ts";
import { ProjectSession } from "../src/engine/project-session.ts";
import type { StudioProjectState } from "../src/shared/project/index.ts";
import { beats } from "../src/shared/time.ts";
import { muteAll, split, toggleMetronome } from "../src/studio/editing/index.ts";
import { median } from "./area.ts";
import { benchProject } from "./studio-project.ts";
import { percentile } from "./studio-trace.ts";

export function engineUpdateCost(rounds: number): { p50: number; p95: number } {
  const rate = 48_000;
  const session = new ProjectSession(rate);
  for (const [name, channels] of Object.entries(synthesizeDemoMaterial(rate)))
    session.loadSource(`demo-${name}`, channels);
  const start = benchProject();
  const track = start.tracks[1].id;
  let state: StudioProjectState = {
    ...start,
    selection: { ...start.selection, trackIds: [track], focusedTrackId: track },
  };
  session.update(state);
  const times: number[] = [];
  const timed = (next: StudioProjectState) => {
    const t0 = performance.now();
    session.update(next);
    times.push(performance.now() - t0);
    state = next;
  };
  for (let round = 0; round < rounds; round++) {
    timed(muteAll(state));
    timed(muteAll(state));
    const before = state;
    timed(split(state, beats(10 + round)));
    timed(before);
    timed(toggleMetronome(state));
    timed(toggleMetronome(state));
  }
  return { p50: median(times), p95: percentile(times, 95) };
}
