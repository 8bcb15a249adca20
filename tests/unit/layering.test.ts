// The layers of the code, held by reading the import graph of every source file (src/, worklets/,
// dsp/) and checking each import against the rules docs/ARCHITECTURE.md states:
// - dsp <- worklets <- src/engine <- src/studio <- src/app: a layer imports itself and layers to its left;
// - src/shared imports no other folder of ours but types of dsp/ and worklets/; pages and server use it;
// - src/ui (React widgets the studio and the pages share) imports only src/shared; both page layers use it;
// - the pages take the design tokens and the widgets' styles from src/ui; only a page that hosts the
//   studio (/studio, /edit) imports the studio's stylesheets;
// - src/server and src/generator use the engine only through its Node entries (src/engine/node.ts,
//   src/engine/node-render.ts), never page code (src/app, src/studio); the server may use the generator;
// - src/platform (where files are on disk) imports nothing of ours; src/tooling (build and start
//   plumbing) may use anything, and nothing but tooling uses it;
// - no two folders import each other, at the top of src/ nor one level below (known exceptions listed,
//   each with its reason; the list may only shrink).
// Specifiers are read by Vite's parser (oxc): static imports, export-from, dynamic import() and
// import("...") types; relative ones are resolved against the importing file.

import { readdirSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../src/platform/paths.ts";

interface Import {
  /** Repository-relative paths, with forward slashes. */
  readonly from: string;
  readonly to: string;
  /** As written in the importing file. */
  readonly specifier: string;
  readonly typeOnly: boolean;
}

const SOURCE_ROOTS = ["src", "worklets", "dsp"];
const ENGINE_NODE_ENTRIES = ["src/engine/node.ts", "src/engine/node-render.ts"];
const LIGHT_ENGINE_ENTRY = "src/engine/node.ts";

/** The folders, left to right: each may import itself and the folders to its left. */
const CHAIN = ["dsp", "worklets", "src/engine", "src/studio", "src/app"];

interface Rule {
  readonly may: readonly string[];
  /** Folders it may take types from, and nothing else. */
  readonly typesFrom?: readonly string[];
  /** May use src/engine through its Node entries. */
  readonly engineEntries?: boolean;
}

/**
 * The pages that host the studio, the only files of src/app that may import its stylesheets (a file,
 * or a folder ending in "/"): every other page gets the tokens and widget styles from src/ui.
 */
const STUDIO_HOSTS = ["src/app/StudioPage.tsx", "src/app/edit/"];

const hostsStudio = (file: string): boolean =>
  STUDIO_HOSTS.some((host) => (host.endsWith("/") ? file.startsWith(host) : file === host));

/** The page layers, which may use the shared widgets of src/ui. */
const PAGE_LAYERS = ["src/studio", "src/app"];

const chainRule = (area: string): Rule => {
  const left = CHAIN.slice(0, CHAIN.indexOf(area));
  if (area === "dsp") return { may: [] };
  return {
    may: [
      ...left,
      "src/shared",
      ...(area === "src/engine" ? ["build"] : []),
      ...(PAGE_LAYERS.includes(area) ? ["src/ui"] : []),
    ],
  };
};

const RULES: Readonly<Record<string, Rule>> = {
  ...Object.fromEntries(CHAIN.map((area) => [area, chainRule(area)])),
  "src/shared": { may: [], typesFrom: ["dsp", "worklets"] },
  // React widgets both the studio and the pages use (dialogs, sliders): above shared, below both.
  "src/ui": { may: ["src/shared"] },
  "src/platform": { may: [] },
  "src/generator": { may: ["src/shared", "src/platform"], engineEntries: true },
  "src/server": { may: ["src/shared", "src/platform", "src/generator"], engineEntries: true },
  "src/tooling": {
    may: [...CHAIN, "src/shared", "src/ui", "src/platform", "src/generator", "src/server", "build"],
  },
};

/**
 * Folders that import each other today. Each entry says why it stands; fix one and delete its line:
 * the test fails on an entry that no longer holds, so the list only shrinks.
 */
const KNOWN_FOLDER_CYCLES: Readonly<Record<string, string>> = {};

/** The folder an import belongs to: src/<name> below src/, else its first path part. */
function areaOf(path: string): string {
  const parts = path.split("/");
  return parts[0] === "src" && parts.length > 2 ? `src/${parts[1]}` : parts[0];
}

/** The imports of one file; `from` is its repository-relative path. Throws when it does not parse. */
function readImports(from: string, source: string): Import[] {
  const parsed = parseSync(from, source, { lang: from.endsWith(".tsx") ? "tsx" : "ts" });
  if (parsed.errors.length > 0) throw new Error(`${from} does not parse: ${parsed.errors[0].message}`);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  for (const statement of parsed.module.staticImports) {
    const entries = statement.entries;
    found.push({
      specifier: statement.moduleRequest.value,
      typeOnly: entries.length > 0 && entries.every((entry) => entry.isType),
    });
  }
  for (const statement of parsed.module.staticExports) {
    for (const entry of statement.entries) {
      if (entry.moduleRequest) found.push({ specifier: entry.moduleRequest.value, typeOnly: entry.isType });
    }
  }
  const dynamic = new Set<string>();
  for (const { moduleRequest } of parsed.module.dynamicImports) {
    const literal = /^["'`]([^"'`$]+)["'`]$/.exec(source.slice(moduleRequest.start, moduleRequest.end));
    if (literal) dynamic.add(literal[1]);
  }
  for (const specifier of dynamic) found.push({ specifier, typeOnly: false });
  // import("...") in a type position is no dynamic import to the parser's module record.
  for (const match of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
    if (!dynamic.has(match[1])) found.push({ specifier: match[1], typeOnly: true });
  }
  // One edge per specifier, type-only if every mention is: `export { x }` of an imported x names its
  // module again.
  const bySpecifier = new Map<string, boolean>();
  for (const { specifier, typeOnly } of found) {
    if (specifier.startsWith("."))
      bySpecifier.set(specifier, (bySpecifier.get(specifier) ?? true) && typeOnly);
  }
  return [...bySpecifier].map(([specifier, typeOnly]) => ({
    from,
    to: posix.normalize(posix.join(posix.dirname(from), specifier.replace(/\?.*$/, ""))),
    specifier,
    typeOnly,
  }));
}

/** Every import against the layers, as "file imports specifier (target): why". */
function layeringViolations(imports: readonly Import[]): string[] {
  const problems: string[] = [];
  for (const edge of imports) {
    const source = areaOf(edge.from);
    const target = areaOf(edge.to);
    if (source === target) continue;
    const rule = RULES[source];
    const where = `${edge.from} imports ${edge.specifier} (${edge.to})`;
    if (source === "src/app" && target === "src/studio" && edge.to.endsWith(".css")) {
      if (!hostsStudio(edge.from))
        problems.push(`${where}: only a page hosting the studio uses its styles; others take src/ui's`);
    } else if (!rule) {
      problems.push(`${where}: ${source} has no layering rule; give it one in tests/unit/layering.test.ts`);
    } else if (target === "src/engine" && rule.engineEntries) {
      if (!ENGINE_NODE_ENTRIES.includes(edge.to)) {
        problems.push(`${where}: ${source} uses src/engine only through ${ENGINE_NODE_ENTRIES.join(" or ")}`);
      }
    } else if (rule.typesFrom?.includes(target)) {
      if (!edge.typeOnly) problems.push(`${where}: ${source} may take only types from ${target}`);
    } else if (!rule.may.includes(target)) {
      const allowed = [...rule.may, ...(rule.engineEntries ? ENGINE_NODE_ENTRIES : [])];
      problems.push(`${where}: ${source} may import only ${allowed.join(", ") || "itself"}`);
    }
  }
  return problems;
}

/** The subfolder of its area a file is in, or null for the area's own files (and files outside src/). */
function subfolderOf(path: string): string | null {
  const parts = path.split("/");
  return parts[0] === "src" && parts.length > 3 ? parts.slice(0, 3).join("/") : null;
}

/**
 * Pairs of folders that import each other, as "a <-> b" (a before b), each with one import either way:
 * the top folders of src/ (and dsp, worklets), and the subfolders within each folder of src/.
 */
function folderCycles(imports: readonly Import[]): Map<string, string> {
  const examples = new Map<string, Import>();
  for (const edge of imports) {
    const [a, b] = [areaOf(edge.from), areaOf(edge.to)];
    const [subA, subB] = [subfolderOf(edge.from), subfolderOf(edge.to)];
    if (a !== b) examples.set(`${a} -> ${b}`, edge);
    else if (subA !== null && subB !== null && subA !== subB) examples.set(`${subA} -> ${subB}`, edge);
  }
  const cycles = new Map<string, string>();
  for (const [key, edge] of examples) {
    const [a, b] = key.split(" -> ");
    const back = examples.get(`${b} -> ${a}`);
    if (back && a < b) {
      cycles.set(`${a} <-> ${b}`, `${edge.from} imports ${edge.to}; ${back.from} imports ${back.to}`);
    }
  }
  return cycles;
}

/** Imports reached from `entry` through value imports, the entry's own included. */
function reachedImports(imports: readonly Import[], entry: string): Import[] {
  const seen = new Set([entry]);
  const reached: Import[] = [];
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const edge of imports) {
      if (edge.from !== file || edge.typeOnly) continue;
      reached.push(edge);
      if (!seen.has(edge.to)) {
        seen.add(edge.to);
        queue.push(edge.to);
      }
    }
  }
  return reached;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(repoPath(folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx|mts|mjs)$/.test(name))
    .map((name) => posix.join(folder, name.split("\\").join("/")));
}

const repositoryImports = (extra: { path: string; source: string }[] = []): Import[] =>
  [
    ...SOURCE_ROOTS.flatMap(sourceFiles).map((path) => ({
      path,
      source: readFileSync(repoPath(path), "utf8"),
    })),
    ...extra,
  ].flatMap(({ path, source }) => readImports(path, source));

const edge = (from: string, to: string, typeOnly = false): Import => ({ from, to, specifier: to, typeOnly });

describe("the layering checker on a small graph", () => {
  it("reads imports, export-from, dynamic imports and import types, resolving relative paths", () => {
    const source = [
      'import type { A } from "./a.ts";',
      'import { type B, c } from "../b.ts";',
      'export * from "./e.ts";',
      'export type { F } from "./f.ts";',
      'import url from "../../../worklets/p.ts?worker&url";',
      'import { z } from "zod";',
      'const g = await import("./g.ts");',
      'type H = typeof import("./h.ts");',
    ].join("\n");
    expect(readImports("src/x/y/file.ts", source)).toEqual([
      { from: "src/x/y/file.ts", to: "src/x/y/a.ts", specifier: "./a.ts", typeOnly: true },
      { from: "src/x/y/file.ts", to: "src/x/b.ts", specifier: "../b.ts", typeOnly: false },
      {
        from: "src/x/y/file.ts",
        to: "worklets/p.ts",
        specifier: "../../../worklets/p.ts?worker&url",
        typeOnly: false,
      },
      { from: "src/x/y/file.ts", to: "src/x/y/e.ts", specifier: "./e.ts", typeOnly: false },
      { from: "src/x/y/file.ts", to: "src/x/y/f.ts", specifier: "./f.ts", typeOnly: true },
      { from: "src/x/y/file.ts", to: "src/x/y/g.ts", specifier: "./g.ts", typeOnly: false },
      { from: "src/x/y/file.ts", to: "src/x/y/h.ts", specifier: "./h.ts", typeOnly: true },
    ]);
    expect(() => readImports("src/x/broken.ts", "import {")).toThrow("src/x/broken.ts does not parse");
  });

  it("lets layers import leftwards and refuses upward imports, naming file and import", () => {
    expect(
      layeringViolations([edge("src/app/a.tsx", "src/studio/s.ts"), edge("src/studio/s.ts", "dsp/d.ts")]),
    ).toEqual([]);
    const [problem] = layeringViolations([edge("src/studio/s.ts", "src/app/a.tsx")]);
    expect(problem).toMatch(
      /^src\/studio\/s\.ts imports src\/app\/a\.tsx \(src\/app\/a\.tsx\): src\/studio may import only/,
    );
    expect(layeringViolations([edge("worklets/w.ts", "src/engine/e.ts")])).toHaveLength(1);
    expect(layeringViolations([edge("dsp/d.ts", "worklets/w.ts")])).toHaveLength(1);
  });

  it("lets only the pages hosting the studio import its stylesheets", () => {
    expect(
      layeringViolations([
        edge("src/app/edit/EditPage.tsx", "src/studio/ui/studio.css"),
        edge("src/app/StudioPage.tsx", "src/studio/ui/studio.css"),
        edge("src/app/create/CreatePage.tsx", "src/studio/ui/Studio.tsx"),
      ]),
    ).toEqual([]);
    expect(layeringViolations([edge("src/app/create/CreatePage.tsx", "src/studio/ui/studio.css")])).toEqual([
      "src/app/create/CreatePage.tsx imports src/studio/ui/studio.css (src/studio/ui/studio.css): " +
        "only a page hosting the studio uses its styles; others take src/ui's",
    ]);
    expect(layeringViolations([edge("src/app/editor.tsx", "src/studio/ui/studio.css")])).toHaveLength(1);
  });

  it("holds the server and the generator to the engine's Node entries and away from pages", () => {
    expect(layeringViolations([edge("src/server/a.ts", "src/engine/node.ts")])).toEqual([]);
    expect(layeringViolations([edge("src/generator/a.ts", "src/engine/node-render.ts")])).toEqual([]);
    expect(layeringViolations([edge("src/server/a.ts", "src/engine/render-plan.ts")])[0]).toContain(
      "src/server uses src/engine only through src/engine/node.ts or src/engine/node-render.ts",
    );
    expect(layeringViolations([edge("src/server/a.ts", "worklets/dsp-abi.ts", true)])).toHaveLength(1);
    expect(layeringViolations([edge("src/server/a.ts", "src/app/page.tsx", true)])).toHaveLength(1);
    expect(layeringViolations([edge("src/server/a.ts", "src/studio/s.ts")])).toHaveLength(1);
    expect(layeringViolations([edge("src/generator/a.ts", "src/server/s.ts")])).toHaveLength(1);
  });

  it("keeps src/shared free of other folders but for types of dsp and worklets", () => {
    expect(layeringViolations([edge("src/shared/a.ts", "worklets/dsp-abi.ts", true)])).toEqual([]);
    expect(layeringViolations([edge("src/shared/a.ts", "worklets/dsp-abi.ts")])[0]).toContain("only types");
    expect(layeringViolations([edge("src/shared/a.ts", "src/engine/e.ts", true)])).toHaveLength(1);
  });

  it("lets only tooling use tooling, and asks for a rule for a new folder", () => {
    expect(layeringViolations([edge("src/tooling/t.ts", "src/server/app.ts")])).toEqual([]);
    expect(layeringViolations([edge("src/server/a.ts", "src/tooling/t.ts")])).toHaveLength(1);
    expect(layeringViolations([edge("src/widgets/w.ts", "src/shared/s.ts")])[0]).toContain(
      "src/widgets has no layering rule",
    );
  });

  it("finds folders that import each other, at the top and one level down, not one-way imports", () => {
    const cycles = folderCycles([
      edge("src/studio/audio/a.ts", "src/studio/export/b.ts"),
      edge("src/studio/export/c.ts", "src/studio/audio/d.ts", true),
      edge("src/server/x/a.ts", "src/server/y/b.ts"),
      edge("src/server/root.ts", "src/server/x/a.ts"),
      edge("src/server/x/a.ts", "src/server/root.ts"),
      edge("src/tooling/t.ts", "src/server/s.ts"),
      edge("src/server/s.ts", "src/tooling/t.ts"),
    ]);
    expect([...cycles.keys()].sort()).toEqual([
      "src/server <-> src/tooling",
      "src/studio/audio <-> src/studio/export",
    ]);
    expect(cycles.get("src/studio/audio <-> src/studio/export")).toBe(
      "src/studio/audio/a.ts imports src/studio/export/b.ts; src/studio/export/c.ts imports src/studio/audio/d.ts",
    );
  });
});

describe("the repository's layers", () => {
  const imports = repositoryImports();

  it("reads the whole graph", () => {
    expect(new Set(imports.map((found) => found.from)).size).toBeGreaterThan(400);
    expect(imports.length).toBeGreaterThan(1500);
  });

  it("has no import against the layers", () => {
    expect(layeringViolations(imports)).toEqual([]);
  });

  it("fails on a planted bad import", () => {
    const planted = repositoryImports([
      { path: "src/server/planted.ts", source: 'import { App } from "../app/App.tsx";\nexport { App };\n' },
    ]);
    expect(layeringViolations(planted)).toEqual([
      "src/server/planted.ts imports ../app/App.tsx (src/app/App.tsx): src/server may import only " +
        "src/shared, src/platform, src/generator, src/engine/node.ts, src/engine/node-render.ts",
    ]);
  });

  it("has no two folders importing each other but the known ones, which still do", () => {
    const cycles = folderCycles(imports);
    const unknown = [...cycles].filter(([pair]) => !(pair in KNOWN_FOLDER_CYCLES));
    expect(unknown.map(([pair, example]) => `${pair}: ${example}`)).toEqual([]);
    const gone = Object.keys(KNOWN_FOLDER_CYCLES).filter((pair) => !cycles.has(pair));
    expect(gone, "fixed: remove these from KNOWN_FOLDER_CYCLES").toEqual([]);
  });

  it("keeps the engine's Node entries loadable in Node, and node.ts light for the generator's threads", () => {
    for (const entry of ENGINE_NODE_ENTRIES) {
      const viteOnly = reachedImports(imports, entry).filter((found) => found.specifier.includes("?"));
      expect(
        viteOnly.map((found) => `${found.from} imports ${found.specifier}`),
        entry,
      ).toEqual([]);
    }
    const schemas = reachedImports(imports, LIGHT_ENGINE_ENTRY).filter((found) =>
      found.to.startsWith("src/shared/project/"),
    );
    expect(schemas.map((found) => `${found.from} imports ${found.specifier}`)).toEqual([]);
  });
});
