import type { PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from "kysely";

/**
 * Kysely on an embedded PGlite. PGlite is one connection: a transaction holds
 * it exclusively, so acquisitions queue behind each other, as a pool of one.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  createIntrospector(db: Parameters<Dialect["createIntrospector"]>[0]) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  // Releases of the holder and of those queued behind it, in acquisition order.
  private readonly releases: (() => void)[] = [];
  private readonly connection: DatabaseConnection;

  constructor(private readonly pglite: PGlite) {
    this.connection = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const result = await pglite.query<R>(query.sql, query.parameters as unknown[]);
        return {
          rows: result.rows,
          numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
        };
      },
      streamQuery: () => {
        throw new Error("Streaming queries are not supported on the embedded database");
      },
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    this.releases.push(release);
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(): Promise<void> {
    this.releases.shift()?.();
  }

  async destroy(): Promise<void> {
    await this.pglite.close();
  }
}
