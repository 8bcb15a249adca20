import { BuiltInGenerator } from "../../generator/built-in-generator.ts";
import type { Generator } from "../../generator/generator.ts";
import { AceStepGenerator, type AceStepOptions } from "./ace-step-adapter.ts";
import { CompositeGenerator } from "./composite-generator.ts";
import type { GeneratorSetting } from "./generator-setting.ts";

/**
 * An ACE-Step model server for the music, and the built-in generator's task code for what needs no
 * model (speed, remaster, Get Full Song, stems of a song with a stored score).
 */
export function aceStepWithAudioTasks(options: AceStepOptions): Generator {
  return new CompositeGenerator({
    model: new AceStepGenerator(options),
    local: () => new BuiltInGenerator(),
  });
}

/** The generator a setting names, made once per server; null when generation is off. */
export async function createGenerator(setting: GeneratorSetting): Promise<Generator | null> {
  if (setting.kind === "off") return null;
  if (setting.kind === "ace-step") return aceStepWithAudioTasks({ url: setting.url, apiKey: setting.apiKey });
  return new BuiltInGenerator();
}
