// A generator worker thread: renders stems and vocals, masters, stretches and analyses, with one
// wasm instance kept for all its jobs (see generator-jobs.ts for what each job is).
import { analyseSource } from "../analysis/analyse-source.ts";
import { masterMix, mixStems } from "../render/master.ts";
import { renderStem, StemRenderer } from "../render/render-stems.ts";
import { usesSoundFont } from "../render/sampled-parts.ts";
import { prepareSoundFont } from "../render/sampler/sound-font.ts";
import { changeSpeed } from "../tasks/speed.ts";
import { generatorDsp } from "../workers/generator-dsp.ts";
import {
  buffersOf,
  type GeneratorJob,
  type GeneratorJobResult,
  type StemChunk,
} from "../workers/generator-jobs.ts";
import { type JobOutcome, type ProgressSink, servePool } from "../workers/pool-protocol.ts";

function renderStems(
  job: Extract<GeneratorJob, { kind: "stems" }>,
  progress: ProgressSink<StemChunk>,
): JobOutcome<GeneratorJobResult> {
  const dsp = generatorDsp();
  const renderers = job.stems.map((stem) => new StemRenderer(dsp, job.score, stem, job.sampleRate));
  try {
    const frames = renderers[0]?.frames ?? 0;
    for (let from = 0; from < frames; from += job.chunkFrames) {
      const length = Math.min(job.chunkFrames, frames - from);
      for (const renderer of renderers) {
        const left = new Float32Array(length);
        const right = new Float32Array(length);
        renderer.render(length, left, right);
        const audio = { sampleRate: job.sampleRate, channels: [left, right] };
        progress({ stem: renderer.stem, from, audio }, buffersOf(audio));
      }
    }
    return { result: { kind: "stems", frames } };
  } finally {
    for (const renderer of renderers) renderer.destroy();
  }
}

async function handle(
  job: GeneratorJob,
  progress: ProgressSink<StemChunk>,
): Promise<JobOutcome<GeneratorJobResult>> {
  if ((job.kind === "stems" || job.kind === "probe") && usesSoundFont(job.score)) await prepareSoundFont();
  switch (job.kind) {
    case "stems":
      return renderStems(job, progress);
    case "probe": {
      const audio = mixStems(
        job.stems.map((stem) => renderStem(generatorDsp(), job.score, stem, job.sampleRate)),
      );
      return { result: { kind: "probe", audio }, transfer: buffersOf(audio) };
    }
    case "vocals": {
      // Loaded on the first song with vocals: eSpeak-NG stays out of threads that never sing. Its
      // thread starts loading first, alongside the singer's modules and the syllable fitting.
      (await import("../vocals/speech-workers.ts")).prepareSpeech();
      const { singVocals } = await import("../vocals/sing-vocals.ts");
      const { audio, alignedWords } = await singVocals(job.score, job.sampleRate);
      return { result: { kind: "vocals", audio, alignedWords }, transfer: buffersOf(audio) };
    }
    case "master": {
      const { mix } = masterMix(generatorDsp(), job.premaster, { remaster: job.remaster });
      return { result: { kind: "master", mix }, transfer: buffersOf(mix) };
    }
    case "speed": {
      const audio = changeSpeed(generatorDsp(), job.audio, job.multiplier, job.keepPitch);
      return { result: { kind: "speed", audio }, transfer: buffersOf(audio) };
    }
    case "analyse":
      return { result: { kind: "analyse", analysis: analyseSource(generatorDsp(), job.audio) } };
  }
}

servePool(handle);
