// A stand-in for the built pages (their one HTML page) for the server's page answers, and a reader
// of the link-preview tags those answers carry.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const SHELL =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Tunesmith</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

/** A dist folder holding only the page, for the server's distDir. */
export function builtPages(): string {
  const dir = mkdtempSync(join(tmpdir(), "tunesmith-dist-"));
  writeFileSync(join(dir, "index.html"), SHELL);
  return dir;
}

/** The content of each og: and twitter: meta tag of a page, by property or name. */
export function previewOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, value] of html.matchAll(
    /<meta (?:property|name)="((?:og|twitter):[a-z_]+)" content="([^"]*)"/g,
  ))
    tags[key] = value;
  return tags;
}
