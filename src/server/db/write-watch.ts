import {
  AliasNode,
  type CompiledQuery,
  type DatabaseConnection,
  DeleteQueryNode,
  type Dialect,
  type Driver,
  InsertQueryNode,
  MergeQueryNode,
  type OperationNode,
  type QueryResult,
  RawNode,
  type RootOperationNode,
  TableNode,
  type TransactionSettings,
  UpdateQueryNode,
  type WithNode,
} from "kysely";

type Listener = () => void;

const WRITES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);

/** The tables a statement writes to (insert, update, delete, merge, also in its `with`), if any. */
function writtenTables(node: OperationNode): string[] {
  const names: string[] = [];
  const add = (table: OperationNode | undefined) => {
    if (table && AliasNode.is(table)) add(table.node);
    else if (table && TableNode.is(table)) names.push(table.table.identifier.name);
  };
  if (InsertQueryNode.is(node)) add(node.into);
  else if (UpdateQueryNode.is(node)) add(node.table);
  else if (DeleteQueryNode.is(node)) for (const from of node.from.froms) add(from);
  else if (MergeQueryNode.is(node)) add(node.into);
  else if (RawNode.is(node)) {
    // Written by hand: the statement's verbs and tables.
    const text = node.sqlFragments.join("?");
    for (const match of text.matchAll(/\b(?:insert\s+into|update|delete\s+from|merge\s+into)\s+"?(\w+)/gi))
      names.push(match[1].toLowerCase());
  }
  const ctes = (node as { with?: WithNode }).with?.expressions ?? [];
  for (const cte of ctes) if (WRITES.has(cte.expression.kind)) names.push(...writtenTables(cte.expression));
  return names;
}

/**
 * Tells listeners that rows of a table may have changed: after a statement writing to it has run,
 * or, inside a transaction, when that transaction has ended (only then do others read what it
 * wrote). Watches the driver, so every query of the database passes by, whatever built it. A cache
 * of rows from those tables drops what it holds on each call; it never learns of changes made by
 * other processes, so it must also keep its entries only briefly.
 */
export class WriteWatch {
  readonly #listeners = new Map<string, Set<Listener>>();

  /**
   * Calls `listener` whenever rows of these tables may have changed in this process. Returns what
   * stops it.
   */
  on(tables: readonly string[], listener: Listener): () => void {
    for (const table of tables) {
      const set = this.#listeners.get(table) ?? new Set();
      set.add(listener);
      this.#listeners.set(table, set);
    }
    return () => {
      for (const table of tables) {
        const set = this.#listeners.get(table);
        if (!set) continue;
        set.delete(listener);
        if (set.size === 0) this.#listeners.delete(table);
      }
    };
  }

  /** The watched tables a statement writes to. */
  watchedWrites(node: RootOperationNode): string[] {
    if (this.#listeners.size === 0) return [];
    return writtenTables(node).filter((table) => this.#listeners.has(table));
  }

  notify(tables: Iterable<string>): void {
    const listeners = new Set<Listener>();
    for (const table of tables) {
      for (const listener of this.#listeners.get(table) ?? []) listeners.add(listener);
    }
    for (const listener of listeners) listener();
  }

  /** The dialect, with its statements and transactions reported to this watch. */
  watch(dialect: Dialect): Dialect {
    return {
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createDriver: () => new WatchedDriver(dialect.createDriver(), this),
    };
  }
}

/** A connection that reports its writes: at once outside a transaction, at its end inside one. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  readonly written = new Set<string>();

  constructor(
    readonly connection: DatabaseConnection,
    private readonly watch: WriteWatch,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const tables = this.watch.watchedWrites(query.query);
    if (tables.length === 0) return this.connection.executeQuery<R>(query);
    try {
      return await this.connection.executeQuery<R>(query);
    } finally {
      if (this.inTransaction) for (const table of tables) this.written.add(table);
      else this.watch.notify(tables);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(query, chunkSize);
  }

  ended(): void {
    this.inTransaction = false;
    const tables = [...this.written];
    this.written.clear();
    if (tables.length > 0) this.watch.notify(tables);
  }
}

/** The wrapped driver, on watched connections. */
class WatchedDriver implements Driver {
  readonly savepoint?: Driver["savepoint"];
  readonly rollbackToSavepoint?: Driver["rollbackToSavepoint"];
  readonly releaseSavepoint?: Driver["releaseSavepoint"];
  readonly #connections = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly driver: Driver,
    private readonly watch: WriteWatch,
  ) {
    // Savepoints stay inside a transaction: what they write is reported when it ends.
    const inner = (connection: DatabaseConnection) => (connection as WatchedConnection).connection;
    if (driver.savepoint) {
      const savepoint = driver.savepoint.bind(driver);
      this.savepoint = (connection, name, compile) => savepoint(inner(connection), name, compile);
    }
    if (driver.rollbackToSavepoint) {
      const rollback = driver.rollbackToSavepoint.bind(driver);
      this.rollbackToSavepoint = (connection, name, compile) => rollback(inner(connection), name, compile);
    }
    if (driver.releaseSavepoint) {
      const release = driver.releaseSavepoint.bind(driver);
      this.releaseSavepoint = (connection, name, compile) => release(inner(connection), name, compile);
    }
  }

  init(): Promise<void> {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.driver.acquireConnection();
    let watched = this.#connections.get(connection);
    if (!watched) {
      watched = new WatchedConnection(connection, this.watch);
      this.#connections.set(connection, watched);
    }
    return watched;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.driver.beginTransaction(watched.connection, settings);
    watched.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.driver.commitTransaction(watched.connection);
    } finally {
      watched.ended();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.driver.rollbackTransaction(watched.connection);
    } finally {
      watched.ended();
    }
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection((connection as WatchedConnection).connection);
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}
