// npm run bench [area] [--quick]: runs benchmark areas, prints a table each and writes bench/results/<area>.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { repoPath } from "../src/platform/paths.ts";
import type { BenchArea } from "./area.ts";
import { engineBench } from "./engine.ts";
import { serverBench } from "./server.ts";
import { toneBench } from "./tone.ts";

const AREAS: Record<string, BenchArea> = {
  engine: engineBench,
  tone: toneBench,
  server: serverBench,
  "server-mixed": {
    run: (options) => import("./server-mixed.ts").then((area) => area.serverMixedBench.run(options)),
  },
  "server-soak": {
    run: (options) => import("./server-soak.ts").then((area) => area.serverSoakBench.run(options)),
  },
  library: { run: (options) => import("./library.ts").then((area) => area.libraryBench.run(options)) },
  stretch: { run: (options) => import("./stretch-bench.ts").then((area) => area.stretchBench.run(options)) },
  studio: { run: (options) => import("./studio.ts").then((area) => area.studioBench.run(options)) },
  "studio-generation": {
    run: (options) =>
      import("./studio-generation.ts").then((area) => area.studioGenerationBench.run(options)),
  },
  generator: { run: (options) => import("./generator.ts").then((area) => area.generatorBench.run(options)) },
  "generator-fidelity": {
    run: (options) =>
      import("./generator-fidelity.ts").then((area) => area.generatorFidelityBench.run(options)),
  },
  player: { run: (options) => import("./player.ts").then((area) => area.playerBench.run(options)) },
  separation: {
    run: (options) => import("./separation.ts").then((area) => area.separationBench.run(options)),
  },
  beats: { run: (options) => import("./beats-bench.ts").then((area) => area.beatsBench.run(options)) },
  notifications: {
    run: (options) => import("./notifications.ts").then((area) => area.notificationsBenchArea.run(options)),
  },
  discovery: { run: (options) => import("./discovery.ts").then((area) => area.discoveryBench.run(options)) },
  social: { run: (options) => import("./social.ts").then((area) => area.socialBench.run(options)) },
  edit: { run: (options) => import("./edit.ts").then((area) => area.editBench.run(options)) },
  collab: { run: (options) => import("./collab.ts").then((area) => area.collabBench.run(options)) },
  video: { run: (options) => import("./video.ts").then((area) => area.videoBench.run(options)) },
};

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const named = args.filter((arg, i) => !arg.startsWith("--") && args[i - 1] !== "--real");
const unknown = named.filter((name) => !(name in AREAS));
if (unknown.length > 0) {
  process.stderr.write(
    `bench: unknown area ${unknown.join(", ")}; areas: ${Object.keys(AREAS).join(", ")}\n`,
  );
  process.exit(2);
}

const resultsDir = repoPath("bench/results");
mkdirSync(resultsDir, { recursive: true });
for (const name of named.length > 0 ? named : Object.keys(AREAS)) {
  const result = await AREAS[name].run({ quick });
  process.stdout.write(`\n## ${name}${quick ? " (quick)" : ""}\n${result.table}\n`);
  const file = `${resultsDir}/${name}.json`;
  writeFileSync(
    file,
    `${JSON.stringify({ quick, measured_at: new Date().toISOString(), ...result.json }, null, 2)}\n`,
  );
  process.stdout.write(`written to ${file}\n`);
}
