import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../src/platform/paths.ts";
import { allLocaleTexts } from "../i18n/locale-texts.ts";
import { type Finding, type KeyUse, scanSource } from "../i18n/text-scan.ts";

/**
 * The page areas whose texts all come from the locale files. An area joins the list when it is
 * converted; the check then holds it there.
 */
const CONVERTED = [
  "src/app/App.tsx",
  "src/app/shell",
  "src/app/account",
  "src/app/player",
  "src/app/songs",
  "src/app/library",
  "src/app/create",
  "src/app/signup",
  "src/app/pages/AccountPage.tsx",
  "src/app/pages/account-page",
  "src/app/home",
  "src/app/playlists",
  "src/app/search",
  "src/app/legal",
  "src/app/NotFoundPage.tsx",
  "src/app/hooks",
  "src/app/notifications",
  "src/app/pages/NotificationsPage.tsx",
  "src/app/pages/ScriptTokens.tsx",
  "src/app/pages/DialogHead.tsx",
  "src/app/admin",
  "src/app/live-radio",
  "src/app/song",
  "src/app/profile",
  "src/app/personas",
  "src/app/pages/PageLoadState.tsx",
  "src/app/radio",
  "src/app/contests",
  "src/app/song-menu",
  "src/app/clip-actions",
  "src/app/share",
  "src/app/embed",
  "src/studio/ui/panels",
  "src/app/StudioPage.tsx",
  "src/app/edit",
  "src/studio/ui/transport",
  "src/studio/ui/timeline",
  "src/studio/ui/tracks",
];

function sourceFiles(path: string): string[] {
  const full = repoPath(path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) =>
    statSync(join(full, name)).isDirectory()
      ? sourceFiles(`${path}/${name}`)
      : /\.tsx?$/.test(name) && !name.endsWith(".d.ts")
        ? [`${path}/${name}`]
        : [],
  );
}

const scans = CONVERTED.flatMap(sourceFiles).map((file) =>
  scanSource(file, readFileSync(repoPath(file), "utf8")),
);
const english = allLocaleTexts("en");

function keyExists(use: KeyUse): boolean {
  const [namespace, key] = use.key.includes(":") ? use.key.split(":", 2) : [null, use.key];
  const places = namespace !== null ? [namespace] : [...use.namespaces, "common"];
  // A count picks the plural form: key_one, key_other.
  const forms = [key, `${key}_one`, `${key}_other`];
  return places.some((place) => forms.some((form) => english.get(place)?.has(form ?? "") === true));
}

describe("the pages' texts", () => {
  it("come from the English locale files in the converted areas", () => {
    const found: Finding[] = scans.flatMap((scan) => scan.untranslated);
    expect(found.map((finding) => `${finding.file}:${finding.line} "${finding.text}"`)).toEqual([]);
  });

  it("use only keys the English files have", () => {
    const missing = scans.flatMap((scan) => scan.keys).filter((use) => !keyExists(use));
    expect(missing.map((use) => `${use.file}:${use.line} ${use.key}`)).toEqual([]);
  });
});

describe("the text scan", () => {
  const scan = (source: string) =>
    scanSource("sample.tsx", source).untranslated.map((finding) => finding.text);

  it("finds JSX text, text attributes, rendered strings and text fields", () => {
    expect(scan(`const a = <p title="Close it">Hello <b>{on ? "Yes" : \`\${n} more\`}</b></p>;`)).toEqual([
      "Hello",
      "Close it",
      "Yes",
      "… more",
    ]);
    expect(scan(`showToast({ kind: "error", title: "Could not save" });`)).toEqual(["Could not save"]);
    expect(scan(`export const NOTE = "Songs are sung.";\nconst ROUTE = "/api/x";`)).toEqual([
      "Songs are sung.",
    ]);
    expect(scan(`const KIND_TEXT = { grant: "Added", reserve: "-" } as const;`)).toEqual(["Added"]);
  });

  it("leaves class names, ids, marks and translated texts alone", () => {
    expect(
      scan(
        `const a = <button className={on ? "a b" : "c"} data-testid="x" id="y" aria-label={t("close")}>×{t("save")}</button>;`,
      ),
    ).toEqual([]);
  });

  it("lists the keys a file uses with its namespaces", () => {
    const { keys } = scanSource(
      "s.tsx",
      `const { t } = useTranslation("create"); t("form.title"); t("common:save");`,
    );
    expect(keys.map((use) => [use.key, use.namespaces])).toEqual([
      ["form.title", ["create"]],
      ["common:save", ["create"]],
    ]);
  });
});
