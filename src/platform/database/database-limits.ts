// Settings only, no engine: the configuration (and so the CLI's help) reads them without loading a database module.

export interface TransactionGateSettings {
  /** Transactions running at once in this process. */
  inFlight: number;
  /** Transactions waiting for a slot; one more is refused at once. */
  waiting: number;
  /** How long a transaction waits for a slot before it is refused. */
  waitMs: number;
}

/** How many connections a process opens, and how many of its transactions run or wait at once. */
export interface DatabaseLimits {
  /** PostgreSQL connections per process (`DATABASE_POOL_SIZE`); the embedded engine has one. */
  poolSize: number;
  transactions: TransactionGateSettings;
}

/**
 * The documented defaults: a pool of 10; on PostgreSQL two connections are left to reads outside
 * transactions, the embedded engine runs one transaction at a time; ten waiting per connection,
 * for as long as a transaction waits for its connection (`transactionOptions.maxWait`).
 */
export function defaultDatabaseLimits(embedded: boolean, poolSize = 10): DatabaseLimits {
  return { poolSize, transactions: { inFlight: embedded ? 1 : Math.max(1, poolSize - 2), waiting: 10 * poolSize, waitMs: 5_000 } };
}
