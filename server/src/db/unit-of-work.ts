import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from 'kysely';

/** The connection a unit of work holds, while it is open. */
interface Scope {
  connection: DatabaseConnection;
  open: boolean;
  /** Transactions begun inside the unit, each a savepoint; their names by depth. */
  depth: number;
}

/**
 * Runs `work` so that every query made on the database while it runs, through any
 * handle and by any code (ours, or the account system's on the same Kysely instance),
 * is part of one transaction: it commits when `work` resolves and rolls back when it
 * throws. An audit entry written inside commits with the change it records, or not at
 * all. Transactions begun inside become savepoints. Work started inside but still
 * running after the unit ended (a mail not awaited) goes to the pool as usual.
 */
export type UnitOfWork = <T>(work: () => Promise<T>) => Promise<T>;

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

  #scopeOf(connection?: DatabaseConnection): Scope | undefined {
    const scope = this.#scopes.getStore();
    if (!scope?.open) return undefined;
    return connection === undefined || scope.connection === connection ? scope : undefined;
  }

  init(): Promise<void> {
    this.#ready ??= this.#inner.init().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  acquireConnection(): Promise<DatabaseConnection> {
    const scope = this.#scopeOf();
    return scope ? Promise.resolve(scope.connection) : this.#inner.acquireConnection();
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    // The unit's connection goes back to the pool when the unit ends, not before.
    if (this.#scopeOf(connection)) return Promise.resolve();
    return this.#inner.releaseConnection(connection);
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    const scope = this.#scopeOf(connection);
    if (!scope) return this.#inner.beginTransaction(connection, settings);
    scope.depth += 1;
    await connection.executeQuery(CompiledQuery.raw(`savepoint unit_${scope.depth}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const scope = this.#scopeOf(connection);
    if (!scope) return this.#inner.commitTransaction(connection);
    await connection.executeQuery(CompiledQuery.raw(`release savepoint unit_${scope.depth}`));
    scope.depth -= 1;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const scope = this.#scopeOf(connection);
    if (!scope) return this.#inner.rollbackTransaction(connection);
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint unit_${scope.depth}`));
    await connection.executeQuery(CompiledQuery.raw(`release savepoint unit_${scope.depth}`));
    scope.depth -= 1;
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
    if (this.#scopeOf()) return work();
    await this.init();
    const connection = await this.#inner.acquireConnection();
    const scope: Scope = { connection, open: true, depth: 0 };
    try {
      await this.#inner.beginTransaction(connection, {});
      let result;
      try {
        result = await this.#scopes.run(scope, work);
      } catch (error) {
        scope.open = false;
        await this.#inner.rollbackTransaction(connection).catch(() => undefined);
        throw error;
      }
      scope.open = false;
      await this.#inner.commitTransaction(connection);
      return result;
    } finally {
      scope.open = false;
      await this.#inner.releaseConnection(connection);
    }
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
