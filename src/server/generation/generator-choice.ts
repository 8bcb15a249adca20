import { BuiltInGenerator } from "../../generator/built-in-generator.ts";
import type { Generator } from "../../generator/generator.ts";
import { AceStepGenerator } from "./ace-step-adapter.ts";
import type { GeneratorSetting } from "./generator-setting.ts";

/** The generator a setting names, made once per server; null when generation is off. */
export async function createGenerator(setting: GeneratorSetting): Promise<Generator | null> {
  if (setting.kind === "off") return null;
  if (setting.kind === "ace-step") return new AceStepGenerator({ url: setting.url, apiKey: setting.apiKey });
  return new BuiltInGenerator();
}
