import type { EnginePatch } from "../../../worklets/engine-protocol.ts";
import { ProjectSession } from "../project-session.ts";
import { type DemoSourceId, synthesizeDemoMaterial } from "./demo-material.ts";
import { demoProject, demoSourceId } from "./demo-project.ts";

/** The demo project, its material loaded, as patches for a fresh engine at this rate. */
export function demoSessionPatches(sampleRate: number): { session: ProjectSession; patches: EnginePatch[] } {
  const session = new ProjectSession(sampleRate);
  const material = synthesizeDemoMaterial(sampleRate);
  const patches: EnginePatch[] = Object.entries(material).map(([id, pcm]) =>
    session.loadSource(demoSourceId(id as DemoSourceId), pcm),
  );
  patches.push(...session.update(demoProject()));
  return { session, patches };
}
