import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tenancyOf } from '../../src/platform/database/tenancy.js';

/** The delegates of the models a shopper owns across stores (tenancy `platform`). */
const platformDelegates = Object.entries(tenancyOf)
  .filter(([, tenancy]) => tenancy === 'platform')
  .map(([model]) => model[0]!.toLowerCase() + model.slice(1));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join('src', 'generated') ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('models a shopper owns across stores (accounts, saved addresses)', () => {
  it('are the account and its addresses', () => {
    expect(platformDelegates.sort()).toEqual(['customerAccount', 'savedAddress']);
  });

  it('are read and written only by the customer modules, which reach them by the signed-in account', () => {
    const pattern = new RegExp(`\\.(${platformDelegates.join('|')})\\.`);
    const outside = sourceFiles('src')
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => !file.startsWith('src/domain/customers/') && pattern.test(readFileSync(file, 'utf8')));
    expect(outside).toEqual([]);
  });
});
