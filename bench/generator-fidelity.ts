// Does a simple-mode song sound like its description? The check, on the composed score
// (no audio needed: what is planned is what is played): each description goes through the same
// path as a simple-mode request (lyrics, title and styles written from it, then composed), and its
// tempo, mode, form, length, instruments, vocals, drum variety and swing are held against what the
// description asks for.
import { composeSong } from "../src/generator/compose/compose-song.ts";
import { isMinorMode } from "../src/generator/compose/key.ts";
import { songTextsFor } from "../src/server/generation/simple-mode.ts";
import { basePlan } from "../src/server/generation/stored-plan.ts";
import { songRequest } from "../tests/generator-requests.ts";
import { drumBarVariety, isSwung } from "../tests/unit/generator-score-measures.ts";
import { type BenchArea, formatTable } from "./area.ts";

interface Expectation {
  readonly description: string;
  readonly tempo: readonly [number, number];
  /** "minor" for dark or sad words, "major" for bright ones, null when the description leaves it open. */
  readonly mode: "minor" | "major" | null;
  readonly vocals: boolean;
  /** A word the styles must keep. */
  readonly tag: string;
  /** Part names the song must have (all of them). */
  readonly instruments: readonly string[];
  /** Patches the description rules out (a synth lead in folk, a pad in a jazz trio). */
  readonly unlike?: readonly string[];
  readonly swung: boolean;
}

/** The synthesizer patches an acoustic band does not play. */
const SYNTHS = ["lead-square", "lead-saw", "pad-saw", "bass-saw"];

export const FIDELITY_SONGS: readonly Expectation[] = [
  {
    description: "an upbeat pop song about summer love",
    tempo: [96, 128],
    mode: "major",
    vocals: true,
    tag: "pop",
    instruments: [],
    swung: false,
  },
  {
    description: "an acoustic folk ballad about my grandmother's garden",
    tempo: [60, 110],
    mode: null,
    vocals: true,
    tag: "folk",
    instruments: ["Acoustic Guitar"],
    unlike: SYNTHS,
    swung: false,
  },
  {
    description: "drum and bass for driving at night",
    tempo: [165, 180],
    mode: null,
    vocals: true,
    tag: "drum and bass",
    instruments: [],
    swung: false,
  },
  {
    description: "dark trap beat",
    tempo: [130, 160],
    mode: "minor",
    vocals: false,
    tag: "trap",
    instruments: [],
    swung: false,
  },
  {
    description: "a late night jazz trio",
    tempo: [90, 180],
    mode: null,
    // A trio is piano, bass and drums: no singer.
    vocals: false,
    tag: "jazz",
    instruments: ["Piano", "Upright Bass"],
    unlike: [...SYNTHS, "organ", "strings-saw"],
    swung: true,
  },
  {
    description: "lo-fi hip hop beat to study to",
    tempo: [70, 95],
    mode: null,
    vocals: false,
    tag: "lo-fi",
    instruments: [],
    swung: true,
  },
  {
    description: "epic orchestral trailer",
    tempo: [60, 130],
    mode: null,
    vocals: false,
    tag: "orchestral",
    instruments: ["Strings"],
    swung: false,
  },
  {
    description: "a melancholic bossa nova about the sea",
    tempo: [110, 145],
    mode: "minor",
    vocals: true,
    tag: "bossa nova",
    instruments: ["Nylon Guitar"],
    unlike: SYNTHS,
    swung: false,
  },
  {
    description: "fast punk song about skipping school",
    tempo: [160, 200],
    mode: null,
    vocals: true,
    tag: "punk",
    // A distorted guitar needs a patch of its own in the DSP core: the guitar part is what is checked.
    instruments: ["Rhythm Guitar"],
    unlike: ["pad-saw", "lead-square", "strings-saw"],
    swung: false,
  },
  {
    description: "sunny reggae song about the beach",
    tempo: [60, 100],
    mode: "major",
    vocals: true,
    tag: "reggae",
    instruments: [],
    swung: false,
  },
  {
    description: "retro synthwave instrumental",
    tempo: [80, 120],
    mode: null,
    vocals: false,
    tag: "synthwave",
    instruments: ["Saw Lead", "Synth Pad"],
    swung: false,
  },
  {
    description: "sad country song about a lost dog",
    tempo: [70, 130],
    mode: "minor",
    vocals: true,
    tag: "country",
    instruments: ["Acoustic Guitar"],
    swung: false,
  },
];

const SEED = 7;

function measure(expect: Expectation) {
  const plan = { ...basePlan("create", 5), description: expect.description };
  const texts = songTextsFor(plan, SEED);
  const score = composeSong(
    songRequest({
      seed: SEED,
      tags: texts.tags,
      lyrics: texts.lyrics,
      instrumental: texts.instrumental,
      durationSeconds: null,
      title: texts.title,
    }),
  );
  const minor = isMinorMode(score.key.mode as never);
  const variety = drumBarVariety(score);
  const names = [...new Set(score.parts.map((p) => p.name))];
  const checks = {
    tempo: score.bpm >= expect.tempo[0] && score.bpm <= expect.tempo[1],
    mode: expect.mode === null || (expect.mode === "minor") === minor,
    vocals: (score.vocals !== null) === expect.vocals,
    tag: texts.tags.toLowerCase().includes(expect.tag),
    instruments:
      expect.instruments.every((n) => names.includes(n)) &&
      !score.parts.some((part) => expect.unlike?.includes(part.patch)),
    swing: isSwung(score) === expect.swung,
  };
  return {
    description: expect.description,
    tags: texts.tags,
    bpm: score.bpm,
    key: `${score.key.tonic} ${score.key.mode}`,
    form: score.sections.map((s) => s.kind).join(" "),
    seconds: Math.round((score.lengthBeats * 60) / score.bpm),
    instruments: names.join("/"),
    vocals: score.vocals !== null,
    drumBars: `${variety.distinct}/${variety.bars}`,
    checks,
    passed: Object.values(checks).filter(Boolean).length,
  };
}

export const generatorFidelityBench: BenchArea = {
  async run() {
    const rows = FIDELITY_SONGS.map(measure);
    const mark = (ok: boolean) => (ok ? "ok" : "NO");
    const table = formatTable(
      [
        "description",
        "bpm",
        "key",
        "vox",
        "drum bars",
        "s",
        "tempo",
        "mode",
        "vox?",
        "tag",
        "instr",
        "swing",
      ],
      rows.map((r) => [
        r.description.slice(0, 40),
        String(r.bpm),
        r.key,
        r.vocals ? "yes" : "no",
        r.drumBars,
        String(r.seconds),
        mark(r.checks.tempo),
        mark(r.checks.mode),
        mark(r.checks.vocals),
        mark(r.checks.tag),
        mark(r.checks.instruments),
        mark(r.checks.swing),
      ]),
    );
    const details = rows.map(
      (r) => `${r.description}\n  tags: ${r.tags}\n  form: ${r.form}\n  parts: ${r.instruments}`,
    );
    const forms = new Set(rows.map((r) => r.form)).size;
    const passed = rows.reduce((n, r) => n + r.passed, 0);
    return {
      table: `${table}\n\n${details.join("\n")}\n\nchecks passed ${passed}/${rows.length * 6}; distinct forms ${forms}/${rows.length}`,
      json: { songs: rows, checks_passed: passed, checks_total: rows.length * 6, distinct_forms: forms },
    };
  },
};
