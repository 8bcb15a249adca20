import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import { acceptTermsBodySchema, type LegalDocument } from "../../shared/api/account.ts";
import { LEGAL_DOCUMENTS, readLegalDocument } from "../account/legal-documents.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";

const documentParamsSchema = z.object({ document: z.enum(LEGAL_DOCUMENTS) });

export const TERMS_CHANGED =
  "The terms changed while you read them: read them again and accept the new version";

/** The terms of service and privacy texts, and a user's acceptance of a terms version. */
export function registerLegalRoutes(app: FastifyInstance, db: Kysely<Database>, legalDir?: string): void {
  app.get("/api/legal/:document", async (request): Promise<LegalDocument> => {
    const { document } = parseInput(documentParamsSchema, request.params, "path");
    return readLegalDocument(legalDir, document);
  });

  // The upload modal's acceptance: only the version shown now can be accepted.
  app.post("/api/legal/terms/accept", async (request) => {
    const user = requireUser(request);
    const { version } = parseInput(acceptTermsBodySchema, request.body);
    const current = await readLegalDocument(legalDir, "terms");
    if (version !== current.version) throw conflict(TERMS_CHANGED);
    await db
      .updateTable("users")
      .set({ terms_version: version, terms_accepted_at: new Date() })
      .where("id", "=", user.id)
      .execute();
    return { version };
  });
}
