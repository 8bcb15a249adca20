// npm run bench studio-generation: Generate in the studio to the first streamed audio of a replace,
// alone and with its stages (bench/studio-generate.ts); npm run bench studio runs it among the rest.
import { type BenchArea, formatTable } from "./area.ts";
import {
  type FirstAudioTimes,
  GENERATE_FIRST_AUDIO_TARGET_MS,
  generateToFirstAudio,
  stagesTable,
} from "./studio-generate.ts";

export const studioGenerationBench: BenchArea = {
  async run({ quick }) {
    const result = await generateToFirstAudio(quick ? 1 : 3, quick ? 1 : 3);
    const row = (name: string, times: Pick<FirstAudioTimes, "p50" | "max" | "runs">) => [
      name,
      times.p50.toFixed(0),
      times.max.toFixed(0),
      String(GENERATE_FIRST_AUDIO_TARGET_MS),
      String(times.runs.length),
    ];
    const table = [
      formatTable(
        ["measure", "p50 ms", "max ms", "target ms", "runs"],
        [
          row("generate to first audio, pressed at once", result),
          row("  the replaced range's first audio", result.range),
          ...(result.filled
            ? [
                row("generate to first audio, form filled first", result.filled),
                row("  the replaced range's first audio", result.filled.range),
              ]
            : []),
        ],
      ),
      "",
      "stages, ms from the click on Generate (pressed at once):",
      stagesTable(result.stages),
      ...(result.filled
        ? ["", "stages, form filled first (context rendered ahead):", stagesTable(result.filled.stages)]
        : []),
    ].join("\n");
    return {
      table,
      json: { generate_first_audio_ms: result, target_ms: GENERATE_FIRST_AUDIO_TARGET_MS },
    };
  },
};
