import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The only source files that may hold the unscoped client (every store's rows), each for a
 * reason no store-scoped client can serve. A directory entry ends in "/".
 */
const allowlist: Record<string, string> = {
  'src/platform/database/database.ts': 'opens the client',
  'src/platform/database/store-scoped-client.ts': 'wraps it into one store’s client',
  'src/platform/crypto/server-secret.ts': 'the server secret belongs to no store',
  'src/auth/key-lookup.ts': 'key lookup: no store is known until the key is found',
  'src/platform/database/catalog-writes.ts': 'announces the committed catalogue writes of every client to the listeners of its database',
  'src/platform/database/commit-signals.ts': 'tells the listeners of a database what its committed transactions wrote (catalogue writes, queued messages)',
  'src/platform/database/operator-writes.ts': 'makes the unscoped client announce its own catalogue writes',
  'src/http/response-cache/open-catalog-cache.ts': 'the catalogue cache hears the writes made on the client',
  'src/app/build-app.ts': 'opens the catalogue cache on the client',
  'src/auth/customer-identity.ts': 'customer token lookup: another store’s token must be told apart from an unknown one (403, not 401)',
  'src/http/request-context.ts': 'hands it to key lookup and to createContext',
  'src/domain/context.ts': 'createContext turns it into the request store’s client',
  'src/domain/store/manage-stores.ts': 'operator action: creating and updating stores',
  'src/domain/keys/manage-keys.ts': 'operator action: minting and revoking keys',
  'src/domain/apps/purge-job.ts': 'the scheduled purge of expired collected records and long-uninstalled installations, for every store',
  'src/domain/apps/manage-apps.ts': 'operator action: registering apps (which belong to no store), installing and uninstalling them',
  'src/server.ts': 'start-up: server secret and demo store',
  'src/messaging/delivery-worker.ts': 'a process delivers the messages outbox of every store it serves',
  'src/messaging/mailbox.ts': 'the dev mailbox lists the newest messages to an address, whichever store sent them',
  'src/http/dev-mailbox.ts': 'serves the dev mailbox (development only, off with BAZAAR_DEMO=0)',
  'src/domain/committed-events.ts': 'keys the listeners of committed outbox events by the client whose transactions commit them',
  'src/domain/transactor.ts': 'tells the listeners of its client the outbox events of each transaction it commits (the gate too is keyed by it)',
  'src/app/live-updates.ts': 'publishes the order events committed on the app’s client to live subscribers',
  'src/platform/database/transaction-gate.ts': 'keys each process’s transaction queue by the client whose transactions it admits',
  'src/platform/database/direct-reads.ts': 'keys the pool a database’s store clients send their reads to by that database’s client',
  'src/http/health.ts': 'readiness probe: one SELECT 1 that belongs to no store',
  'src/platform/regions/load-regions.ts': 'the region data set is reference data of every store, loaded at start',
  'src/hosted/hosted-context.ts': 'hosted pages: the address names a cart or an order, and its store is found from it',
  'src/domain/store-transaction.ts': 'turns it into one store’s client for a transaction outside a request (operator commands, the webhook relay)',
  'src/domain/reviews/operator-review-scope.ts': 'operator action: moderating one store’s reviews from the CLI, through that store’s client',
  'src/domain/team/manage-team.ts': 'operator action: managing a store’s team from the CLI, through that store’s client',
  'src/domain/traffic/traffic-service.ts': 'hands it to the traffic flush, which runs for every store a process serves',
  'src/domain/traffic/flush-traffic.ts': 'the traffic flush moves the buffered page views of every store, each in a transaction of that store’s client',
  'src/webhooks/': 'the webhook relay fans out and delivers the outbox of every store a process serves',
  'src/cli/': 'operator commands',
  'src/seed/': 'seeding, an operator action',
};

/** Names that only the unscoped client and its holders carry. */
const unscopedTypes = new Set(['PrismaClient', 'TransactionClient', 'Db', 'OperatorCtx']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === 'src/generated' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Where a file reaches the unscoped client: a name above, or `x.prisma` / `{ prisma }` (the Database's client). */
function unscopedUses(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const uses: string[] = [];
  const visit = (node: ts.Node) => {
    const line = () => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (ts.isIdentifier(node) && unscopedTypes.has(node.text)) uses.push(`${node.text} (line ${line()})`);
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'prisma') uses.push(`.prisma (line ${line()})`);
    if (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText() === 'prisma') uses.push(`{ prisma } (line ${line()})`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

const allowed = (file: string) => Object.keys(allowlist).some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));

describe('the unscoped client', () => {
  const files = sourceFiles('src').map((file) => file.split(path.sep).join('/'));
  const users = new Map(files.map((file) => [file, unscopedUses(file)] as const).filter(([, uses]) => uses.length > 0));

  it('is used only by the files on the allowlist', () => {
    const outside = Object.fromEntries([...users].filter(([file]) => !allowed(file)));
    expect(outside).toEqual({});
  });

  it('has no allowlist entry that no longer uses it', () => {
    const stale = Object.keys(allowlist).filter((entry) => ![...users.keys()].some((file) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry)));
    expect(stale).toEqual([]);
  });
});
