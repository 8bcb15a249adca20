// npm run bench studio-generation: Generate in the studio to the first streamed audio of a replace,
// alone and with its stages (bench/studio-generate.ts); npm run bench studio runs it among the rest.
import { type BenchArea, formatTable } from "./area.ts";
import { GENERATE_FIRST_AUDIO_TARGET_MS, generateToFirstAudio, stagesTable } from "./studio-generate.ts";

export const studioGenerationBench: BenchArea = {
  async run({ quick }) {
    const result = await generateToFirstAudio(quick ? 1 : 3);
    const table = [
      formatTable(
        ["measure", "p50 ms", "max ms", "target ms", "runs"],
        [
          [
            "generate to first audio",
            result.p50.toFixed(0),
            result.max.toFixed(0),
            String(GENERATE_FIRST_AUDIO_TARGET_MS),
            String(result.runs.length),
          ],
        ],
      ),
      "",
      "stages, ms from the click on Generate:",
      stagesTable(result.stages),
    ].join("\n");
    return {
      table,
      json: { generate_first_audio_ms: result, target_ms: GENERATE_FIRST_AUDIO_TARGET_MS },
    };
  },
};
