import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** A unit of work while it runs. */
interface Scope {
  open: boolean;
  /**
   * The unit's connection, in its transaction, from its first write on. Until then the unit
   * holds no connection: what it reads goes to the pool, so a unit that reads, then works a
   * while without the database (a password's hash), then writes, does not keep others waiting
   * for the one connection the embedded database has.
   */
  transaction: Promise<DatabaseConnection> | undefined;
  /** Transactions begun inside the unit, each a savepoint; their names by depth. */
  depth: number;
}

/**
 * Runs `work` so that every query made on the database while it runs, through any
 * handle and by any code (ours, or the account system's on the same Kysely instance),
 * is part of one transaction from its first write on: it commits when `work` resolves and
 * rolls back when it throws. An audit entry written inside commits with the change it
 * records, or not at all. Transactions begun inside become savepoints. Reads before the
 * first write see what any statement would see (read committed), so running them outside
 * the transaction changes nothing they read. Work started inside but still running after
 * the unit ended (a mail not awaited) goes to the pool as usual.
 */
export type UnitOfWork = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * A plain read: a select with no row locks and no `with` (which may hold a write). Anything
 * else, raw SQL included, counts as a write.
 */
function isPlainRead(query: CompiledQuery): boolean {
  const node = query.query;
  return (
    node.kind === 'SelectQueryNode' &&
    node.with === undefined &&
    (node.endModifiers === undefined || node.endModifiers.length === 0)
  );
}

/**
 * What Kysely gets for a connection inside a unit of work: plain reads before the unit's
 * first write go to the pool, everything else to the unit's transaction, begun on demand.
 */
class UnitConnection implements DatabaseConnection {
  constructor(
    readonly scope: Scope,
    private readonly pooled: <R>(use: (connection: DatabaseConnection) => Promise<R>) => Promise<R>,
    private readonly transaction: () => Promise<DatabaseConnection>,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.scope.open || (this.scope.transaction === undefined && isPlainRead(query))) {
      return this.pooled((connection) => connection.executeQuery<R>(query));
    }
    return (await this.transaction()).executeQuery<R>(query);
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.transaction()).streamQuery<R>(query, chunkSize);
  }
}

/**
 * A driver that hands the unit of work's connection to every query made inside it, and
 * otherwise behaves as the driver it wraps.
 */
class UnitOfWorkDriver implements Driver {
  readonly #inner: Driver;
  readonly #scopes = new AsyncLocalStorage<Scope>();
  #ready: Promise<void> | undefined;

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  #openScope(): Scope | undefined {
    const scope = this.#scopes.getStore();
    return scope?.open ? scope : undefined;
  }

  /** One statement on a pooled connection, given back at once. */
  readonly #pooled = async <R>(use: (connection: DatabaseConnection) => Promise<R>) => {
    const connection = await this.#inner.acquireConnection();
    try {
      return await use(connection);
    } finally {
      await this.#inner.releaseConnection(connection);
    }
  };

  /** The scope's connection and transaction, begun by the first that needs them. */
  #transactionOf(scope: Scope): Promise<DatabaseConnection> {
    scope.transaction ??= this.#inner.acquireConnection().then(async (connection) => {
      try {
        await this.#inner.beginTransaction(connection, {});
        return connection;
      } catch (error) {
        await this.#inner.releaseConnection(connection);
        throw error;
      }
    });
    return scope.transaction;
  }

  init(): Promise<void> {
    this.#ready ??= this.#inner.init().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  acquireConnection(): Promise<DatabaseConnection> {
    const scope = this.#openScope();
    if (!scope) return this.#inner.acquireConnection();
    return Promise.resolve(
      new UnitConnection(scope, this.#pooled, () => this.#transactionOf(scope)),
    );
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    // The unit's connection goes back to the pool when the unit ends, not before.
    if (connection instanceof UnitConnection) return Promise.resolve();
    return this.#inner.releaseConnection(connection);
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    if (!(connection instanceof UnitConnection)) {
      return this.#inner.beginTransaction(connection, settings);
    }
    const own = await this.#transactionOf(connection.scope);
    connection.scope.depth += 1;
    await own.executeQuery(CompiledQuery.raw(`savepoint unit_${connection.scope.depth}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof UnitConnection)) return this.#inner.commitTransaction(connection);
    const own = await this.#transactionOf(connection.scope);
    await own.executeQuery(CompiledQuery.raw(`release savepoint unit_${connection.scope.depth}`));
    connection.scope.depth -= 1;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof UnitConnection)) return this.#inner.rollbackTransaction(connection);
    const own = await this.#transactionOf(connection.scope);
    const depth = connection.scope.depth;
    await own.executeQuery(CompiledQuery.raw(`rollback to savepoint unit_${depth}`));
    await own.executeQuery(CompiledQuery.raw(`release savepoint unit_${depth}`));
    connection.scope.depth -= 1;
  }

  savepoint(
    ...args: Parameters<NonNullable<Driver['savepoint']>>
  ): ReturnType<NonNullable<Driver['savepoint']>> {
    if (!this.#inner.savepoint) throw new Error('The database driver has no savepoints');
    return this.#inner.savepoint(...args);
  }

  rollbackToSavepoint(
    ...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>
  ): ReturnType<NonNullable<Driver['rollbackToSavepoint']>> {
    if (!this.#inner.rollbackToSavepoint) throw new Error('The database driver has no savepoints');
    return this.#inner.rollbackToSavepoint(...args);
  }

  releaseSavepoint(
    ...args: Parameters<NonNullable<Driver['releaseSavepoint']>>
  ): ReturnType<NonNullable<Driver['releaseSavepoint']>> {
    if (!this.#inner.releaseSavepoint) throw new Error('The database driver has no savepoints');
    return this.#inner.releaseSavepoint(...args);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }

  readonly run: UnitOfWork = async (work) => {
    // A unit inside a unit is part of it.
    if (this.#openScope()) return work();
    await this.init();
    const scope: Scope = { open: true, transaction: undefined, depth: 0 };
    let result;
    try {
      result = await this.#scopes.run(scope, work);
    } catch (error) {
      scope.open = false;
      const connection = await scope.transaction?.catch(() => undefined);
      if (connection) {
        await this.#inner.rollbackTransaction(connection).catch(() => undefined);
        await this.#inner.releaseConnection(connection);
      }
      throw error;
    }
    scope.open = false;
    if (!scope.transaction) return result;
    const connection = await scope.transaction;
    try {
      await this.#inner.commitTransaction(connection);
    } catch (error) {
      await this.#inner.rollbackTransaction(connection).catch(() => undefined);
      throw error;
    } finally {
      await this.#inner.releaseConnection(connection);
    }
    return result;
  };
}

/** `dialect` with units of work; `unitOfWork` works once Kysely has made the driver. */
export function withUnitsOfWork(dialect: Dialect): { dialect: Dialect; unitOfWork: UnitOfWork } {
  let driver: UnitOfWorkDriver | undefined;
  return {
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => (driver = new UnitOfWorkDriver(dialect.createDriver())),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
    unitOfWork: (work) => {
      if (!driver) throw new Error('The database is not open');
      return driver.run(work);
    },
  };
}
