// Writes schema.graphql from the code; a test fails when the committed file is stale.
import { writeFile } from 'node:fs/promises';
import { buildSchema, printSchema } from '../src/graphql/schema.js';

await writeFile(new URL('../schema.graphql', import.meta.url), printSchema(buildSchema()));
console.log('wrote schema.graphql');
