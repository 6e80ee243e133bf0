import { describe, expect, it } from 'vitest';
import { pendingSchemaChange } from '../../src/platform/database/migrations.js';

describe('prisma/migrations', () => {
  it('hold every change of prisma/schema.prisma (run `npm run db:migrate:new -- NAME` after changing it)', async () => {
    expect(await pendingSchemaChange()).toBe('');
  });
});
