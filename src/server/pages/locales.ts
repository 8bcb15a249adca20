// The pages' texts: /locales/{lang}/{namespace}.json, one file per language and namespace. The pages
// ask with a version query (a hash of the locale files, set by the build), so an answer with one may
// be kept for a year: new texts come with a new version. Without it, browsers check every time.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { languageSchema, namespaceSchema } from "../../shared/i18n/languages.ts";
import { notFound } from "../http/errors.ts";

const paramsSchema = z.object({ language: z.string(), file: z.string() });
const querySchema = z.object({ v: z.string().optional() });

const YEAR_SECONDS = 365 * 24 * 3600;

export function registerLocaleRoutes(app: FastifyInstance, localesDir: string): void {
  app.get("/locales/:language/:file", async (request, reply) => {
    const { language, file } = paramsSchema.parse(request.params);
    const lang = languageSchema.safeParse(language);
    const namespace = namespaceSchema.safeParse(file.replace(/\.json$/, ""));
    if (!lang.success || !namespace.success || !file.endsWith(".json"))
      throw notFound(`No texts at /locales/${language}/${file}`);
    const text = await readFile(join(localesDir, lang.data, `${namespace.data}.json`), "utf8");
    const versioned = querySchema.safeParse(request.query).data?.v !== undefined;
    return reply
      .type("application/json; charset=utf-8")
      .header("cache-control", versioned ? `public, max-age=${YEAR_SECONDS}, immutable` : "no-cache")
      .send(text);
  });
}
