import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliFailure, cliJson, pointCliAtTestDatabase, uniqueSlug, withDatabase } from './cli-harness.js';

// Issue 23: the operator manages a store's team with `team add|list|remove`, each with --json.

const db = pointCliAtTestDatabase();
afterAll(() => db.cleanup());

const store = uniqueSlug('team');
const isoTime = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

beforeAll(async () => {
  await cliJson('store', 'create', '--name', 'Team Shop', '--slug', store);
});

describe('team add, list and remove', () => {
  let id: string;

  it('adds a member, lower-casing the email, and writes staff_members/create in the same transaction', async () => {
    const added = await cliJson('team', 'add', '--store', store, '--name', 'Ada Lovelace', '--email', 'Ada@Example.com', '--role', 'owner');
    expect(added).toEqual({
      store,
      member: { id: expect.any(String), name: 'Ada Lovelace', role: 'owner', email: 'ada@example.com', phone: null, avatar: null, joined_at: isoTime },
    });
    id = added.member.id;
    const events = await withDatabase(db, (database) =>
      database.prisma.outboxEvent.findMany({ where: { topic: 'staff_members/create', payload: { path: ['id'], equals: id } } }),
    );
    expect(events.map((e) => e.payload)).toEqual([{ id, role: 'owner' }]);
  });

  it('refuses the same email twice with 409 conflict and an unknown role with 422 naming it', async () => {
    expect((await cliFailure('team', 'add', '--store', store, '--name', 'Ada', '--email', 'ada@example.com', '--role', 'admin')).error.code).toBe('conflict');
    const refused = await cliFailure('team', 'add', '--store', store, '--name', 'Bo', '--email', 'bo@example.com', '--role', 'boss');
    expect(refused).toEqual({
      code: 1,
      error: {
        code: 'validation_failed',
        message: 'must be one of owner, admin, staff, support',
        errors: { role: ['must be one of owner, admin, staff, support'] },
      },
    });
  });

  it('lists the team and prints a readable line per member without --json', async () => {
    await cliJson('team', 'add', '--store', store, '--name', 'Bo', '--email', 'bo@example.com', '--role', 'support', '--phone', '+14155550161');
    const listed = await cliJson('team', 'list', '--store', store);
    expect(listed.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Ada Lovelace', 'owner'],
      ['Bo', 'support'],
    ]);
    const text = await cli('team', 'list', '--store', store);
    expect(text.stdout.join('')).toContain(`${id}  owner    Ada Lovelace <ada@example.com>`);
  });

  it('removes a member by id, and answers not_found for one that is gone', async () => {
    const removed = await cliJson('team', 'remove', '--store', store, '--id', id);
    expect(removed.removed).toMatchObject({ id, name: 'Ada Lovelace' });
    expect((await cliJson('team', 'list', '--store', store)).members.map((m: { name: string }) => m.name)).toEqual(['Bo']);
    expect((await cliFailure('team', 'remove', '--store', store, '--id', id)).error.code).toBe('not_found');
  });
});
