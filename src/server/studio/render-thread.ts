// Renders studio states off the server's event loop (see run-render-thread.ts), one request after
// another: decodes its sources, then runs the same engine code the worklet and the page's export run.
import { readFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { instantiateDsp } from "../../engine/node.ts";
import {
  DEMO_SOURCE_PREFIX,
  RenderPlanError,
  renderProjectRange,
  type SourceAudio,
  synthesizeDemoMaterial,
} from "../../engine/node-render.ts";
import { DSP_WASM } from "../../platform/paths.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { beats } from "../../shared/time.ts";
import { beatsToSeconds, createTempoMap } from "../../shared/timing/tempo-map.ts";
import { decodeAudio } from "../clips/clip-audio.ts";
import type { RenderSource, RenderThreadRequest, RenderThreadResponse } from "./render-thread-protocol.ts";

const port = parentPort;
if (!port) throw new Error("render-thread.ts runs in a worker thread");
const post = (response: RenderThreadResponse, transfer: ArrayBuffer[] = []) =>
  port.postMessage(response, transfer);

class Refused extends Error {}

async function decodeSources(sources: readonly RenderSource[], sampleRate: number) {
  const decoded = new Map<string, SourceAudio>();
  let demo: Record<string, Float32Array[]> | null = null;
  for (const source of sources) {
    if (source.kind === "demo") {
      demo ??= synthesizeDemoMaterial(sampleRate);
      const pcm = demo[source.id.slice(DEMO_SOURCE_PREFIX.length)];
      if (pcm) decoded.set(source.id, { sampleRate, channels: pcm });
      continue;
    }
    try {
      const bytes = Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength);
      const audio = await decodeAudio(bytes);
      if (audio.sampleRate > 0 && audio.channels.length > 0) decoded.set(source.id, audio);
    } catch {
      throw new Refused("A clip's audio could not be read: remove it from the project and try again");
    }
  }
  return decoded;
}

/** Frames of the song end, the range, checked against the length limit. */
function frameRange(state: StudioProjectState, request: RenderThreadRequest, songEndBeats: number) {
  const tempo = createTempoMap(state.timing);
  const frameAt = (position: number) =>
    Math.round(beatsToSeconds(tempo, beats(position)) * request.sampleRate);
  const range = request.mode.kind === "mix" ? request.mode.range : null;
  const from = range === null ? 0 : frameAt(range.startBeats);
  const to = range === null ? frameAt(songEndBeats) : frameAt(range.endBeats);
  if (to - from > request.maxSeconds * request.sampleRate) {
    throw new Refused(`Renders are at most ${request.maxSeconds / 60} minutes long`);
  }
  return { from, to };
}

const songEndBeats = (state: StudioProjectState) =>
  Math.max(
    0,
    ...state.tracks
      .flatMap((track) => [...track.clips, ...track.takeLanes.flatMap((l) => l.clips)])
      .map((c) => c.endBeats),
  );

// Compiled once when the thread starts (it is kept warm between renders); each render gets a fresh
// instance, so no render sees what an earlier one left in the wasm memory.
const dspModule = new WebAssembly.Module(readFileSync(DSP_WASM));

port.on("message", async (request: RenderThreadRequest) => {
  try {
    const dsp = instantiateDsp(dspModule);
    const sources = await decodeSources(request.sources, request.sampleRate);
    const { state, sampleRate } = request;
    const range = frameRange(state, request, songEndBeats(state));
    if (request.mode.kind === "mix") {
      const { left, right } = renderProjectRange(dsp, state, sources, sampleRate, range);
      post({ type: "mix", audio: { left, right } }, [
        left.buffer as ArrayBuffer,
        right.buffer as ArrayBuffer,
      ]);
      return;
    }
    // Each track on its own over the whole song, so the files line up when laid side by side.
    const tracks = state.tracks.map((track) => {
      const alone: StudioProjectState = { ...state, tracks: [{ ...track, solo: false, mute: false }] };
      const { left, right } = renderProjectRange(dsp, alone, sources, sampleRate, range);
      return { name: track.name, audio: { left, right } };
    });
    post(
      { type: "tracks", tracks },
      tracks.flatMap(({ audio }) => [audio.left.buffer as ArrayBuffer, audio.right.buffer as ArrayBuffer]),
    );
  } catch (error) {
    if (error instanceof Refused) post({ type: "refused", detail: error.message });
    // A state that parsed but makes no playable plan is the request's fault, not the server's.
    else if (error instanceof RenderPlanError)
      post({ type: "refused", detail: `The project cannot be rendered: ${error.message}` });
    else post({ type: "error", error: error instanceof Error ? error.message : String(error) });
  }
});
