// Exits non-zero when prisma/schema.prisma has changes that no committed migration holds.
import { pendingSchemaChange } from '../src/platform/database/migrations.js';

const sql = await pendingSchemaChange();
if (sql) {
  console.error('prisma/schema.prisma drifted from prisma/migrations. Run `npm run db:migrate:new -- NAME`. Pending SQL:\n' + sql);
  process.exit(1);
}
console.log('prisma/migrations match prisma/schema.prisma');
// The wasm schema engine leaves a timer behind for about ten seconds; nothing is pending by now.
process.exit(0);
