import { useEffect, useRef, useState } from "react";
import { startTonePreview, type TonePreview } from "../engine/index.ts";
import { formatDbfs, peakDbfs } from "./level.ts";

const TONE = { frequencyHz: 440, gain: 0.25 } as const;

type Status =
  | { kind: "idle" }
  | { kind: "starting" }
  | { kind: "playing" }
  | { kind: "failed"; message: string };

/** Plays a tone rendered by the wasm DSP core in an AudioWorklet: proof that the audio path works in this browser. */
export function EngineCheck() {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const contextRef = useRef<AudioContext | null>(null);
  const previewRef = useRef<TonePreview | null>(null);
  const levelRef = useRef<HTMLOutputElement>(null);

  // The level changes every frame: it is written to the DOM directly, never through React state.
  useEffect(() => {
    if (status.kind !== "playing") return;
    const analyser = previewRef.current?.analyser;
    if (!analyser) return;
    const block = new Float32Array(analyser.fftSize);
    let frame = requestAnimationFrame(function draw() {
      analyser.getFloatTimeDomainData(block);
      if (levelRef.current) levelRef.current.value = formatDbfs(peakDbfs(block));
      frame = requestAnimationFrame(draw);
    });
    return () => cancelAnimationFrame(frame);
  }, [status.kind]);

  useEffect(
    () => () => {
      void previewRef.current?.stop();
      void contextRef.current?.close();
    },
    [],
  );

  async function play() {
    setStatus({ kind: "starting" });
    try {
      contextRef.current ??= new AudioContext({ latencyHint: "interactive" });
      await contextRef.current.resume();
      previewRef.current = await startTonePreview(contextRef.current, TONE);
      setStatus({ kind: "playing" });
    } catch (error) {
      setStatus({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  }

  async function stop() {
    const preview = previewRef.current;
    previewRef.current = null;
    setStatus({ kind: "idle" });
    await preview?.stop();
  }

  return (
    <section className="panel" aria-labelledby="engine-check-title">
      <h2 id="engine-check-title">Audio engine check</h2>
      <p>
        Plays a {TONE.frequencyHz} Hz tone rendered by Tunesmith's WebAssembly DSP core inside an
        AudioWorklet.
      </p>
      <div className="row">
        {status.kind === "playing" ? (
          <button type="button" onClick={stop}>
            Stop tone
          </button>
        ) : (
          <button type="button" onClick={play} disabled={status.kind === "starting"}>
            Play tone
          </button>
        )}
        <output ref={levelRef} aria-label="Output level" data-testid="output-level">
          {status.kind === "playing" ? "" : formatDbfs(Number.NEGATIVE_INFINITY)}
        </output>
      </div>
      {status.kind === "failed" && (
        <p role="alert" className="error">
          The audio engine could not start: {status.message}
        </p>
      )}
    </section>
  );
}
