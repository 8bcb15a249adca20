// The engine's Node entry for rendering studio projects (the server's studio renders and demo
// clips): the same engine code the worklet and the page's export run, and the demo project's
// material. Apart from node.ts because it loads the project state's schemas, which the
// generator's threads do not need.

export { DEMO_BPS, type DemoSourceId, synthesizeDemoMaterial } from "./demo/demo-material.ts";
export { DEMO_SOURCE_PREFIX, demoProject, demoSourceId } from "./demo/demo-project.ts";
export { renderProject, renderProjectRange, type SourceAudio } from "./project-render.ts";
export { clipSourceId } from "./render-plan.ts";
export { RenderPlanError } from "./render-plan-schema.ts";
