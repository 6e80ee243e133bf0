import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentStamp, generatedFiles, generateIsNeeded, generatorPackages, writeStamp } from '../../scripts/generate-stamp.mjs';

// Issue 5, operability: `npm start` regenerates the Prisma client only when prisma/schema.prisma or
// a generator's version changed since the last generate, and whenever its output is missing.

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const setVersion = (name: string, version: string) => write(`node_modules/${name}/package.json`, JSON.stringify({ name, version }));

/** A project as a fresh clone after `npm install` has it, except that nothing was generated yet. */
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'bazaar-stamp-'));
  write('prisma/schema.prisma', 'model Store { id String @id }\n');
  for (const name of generatorPackages) setVersion(name, '7.10.0');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What a successful generate leaves: its files, then the stamp taken before it ran. */
function generate() {
  const stamp = currentStamp(root);
  for (const file of generatedFiles) write(file, '// generated\n');
  writeStamp(root, stamp);
}

describe('generateIsNeeded', () => {
  it('is true on a fresh clone, where nothing was generated', () => {
    expect(generateIsNeeded(root)).toBe(true);
  });

  it('is false after a generate, while nothing changed', () => {
    generate();
    expect(generateIsNeeded(root)).toBe(false);
  });

  it('is true once the schema changes, even by a comment, and false again after the next generate', () => {
    generate();
    write('prisma/schema.prisma', 'model Store { id String @id }\n// a comment\n');
    expect(generateIsNeeded(root)).toBe(true);
    generate();
    expect(generateIsNeeded(root)).toBe(false);
  });

  it.each(['prisma', '@prisma/client', '@pothos/plugin-prisma'])('is true once %s has another version', (name) => {
    generate();
    setVersion(name, '7.11.0');
    expect(generateIsNeeded(root)).toBe(true);
  });

  it.each(['src/generated/prisma/client.ts', 'src/generated/pothos-types.ts', 'src/generated/.stamp'])('is true when %s is missing', (file) => {
    generate();
    rmSync(path.join(root, file));
    expect(generateIsNeeded(root)).toBe(true);
  });

  it('is true when the generated files are there but no generate stamped them (an older checkout)', () => {
    for (const file of generatedFiles) write(file, '// generated\n');
    expect(generateIsNeeded(root)).toBe(true);
  });

  it('keeps the stamp taken before the generate, so a schema edited during it is generated again next time', () => {
    const before = currentStamp(root);
    write('prisma/schema.prisma', 'model Store { id String @id name String }\n');
    for (const file of generatedFiles) write(file, '// generated\n');
    writeStamp(root, before);
    expect(generateIsNeeded(root)).toBe(true);
  });
});

describe('currentStamp', () => {
  it('is the same for the same inputs and differs when the schema differs', () => {
    const first = currentStamp(root);
    expect(currentStamp(root)).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    write('prisma/schema.prisma', 'model Shop { id String @id }\n');
    expect(currentStamp(root)).not.toBe(first);
  });
});
