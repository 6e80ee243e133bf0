// A process that does not serve, moving an order as an operator command would (for
// test/graphql/live-orders-across-processes.test.ts): it opens the database through the CLI's own
// opener (DATABASE_URL, and REDIS_URL when set), writes an order event in a transaction that then
// rolls back, makes the move LIVE_STATUS of order LIVE_ORDER in store LIVE_STORE_ID, and exits.
import { pino } from 'pino';
import { openCliDatabase } from '../../src/cli/cli-database.js';
import { createContext } from '../../src/domain/context.js';
import { moveOrderByMerchant, type StatusMoveInput } from '../../src/domain/orders/merchant-move.js';
import { withTransaction } from '../../src/domain/transaction.js';
import { MemoryKv } from '../../src/platform/kv/memory-kv.js';
import { testMediaServices } from './media.js';

const database = await openCliDatabase();
try {
  const store = await database.prisma.store.findUniqueOrThrow({ where: { id: process.env.LIVE_STORE_ID! } });
  const ctx = createContext({
    db: database.prisma,
    kv: new MemoryKv(),
    media: testMediaServices(),
    store,
    principal: { keyId: 'operator', kind: 'private', mode: store.mode === 'dev' ? 'test' : 'live', scopes: new Set(), installation: null },
    settings: { cartTtlDays: 30, publicUrl: 'http://localhost', outboundAllow: [] },
    requestId: 'operator',
    log: pino({ level: 'silent' }),
    secret: 'operator-secret',
  });
  const order = process.env.LIVE_ORDER!;
  await withTransaction(ctx, async (tx) => {
    tx.outbox.append({ topic: 'orders/updated', payload: { uid: order } as never });
    throw new Error('rolled back on purpose');
  }).catch(() => undefined);
  await moveOrderByMerchant(ctx, order, { status: process.env.LIVE_STATUS as StatusMoveInput['status'] });
} finally {
  await database.close();
}
process.stdout.write('moved\n');
