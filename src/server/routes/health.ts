import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/database.ts";

/** A health check waits this long for the database before calling it unreachable. */
const DATABASE_TIMEOUT_MS = 2000;

async function databaseReachable(database: DatabaseHandle): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  try {
    const probe = sql`select 1`.execute(database.db).then(
      () => true,
      () => false,
    );
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health: 200 while the database answers, 503 when it does not (for load balancers). */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  // Probed every few seconds by orchestrators: only problems are worth a log line.
  app.get("/api/health", { logLevel: "warn" }, async (_request, reply) => {
    if (await databaseReachable(database)) return { status: "ok", database: database.backend };
    return reply
      .status(503)
      .send({ status: "unavailable", database: database.backend, detail: "The database is not reachable" });
  });
}
