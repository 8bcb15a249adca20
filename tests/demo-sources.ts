import { type DemoSourceId, synthesizeDemoMaterial } from "../src/engine/demo/demo-material.ts";
import { demoSourceId } from "../src/engine/demo/demo-project.ts";
import type { SourceAudio } from "../src/engine/project-render.ts";

/** The demo material keyed as the demo project's clips refer to it. */
export function demoSources(sampleRate: number): Map<string, SourceAudio> {
  const material = synthesizeDemoMaterial(sampleRate);
  return new Map(
    Object.entries(material).map(([id, channels]) => [
      demoSourceId(id as DemoSourceId),
      { sampleRate, channels },
    ]),
  );
}
