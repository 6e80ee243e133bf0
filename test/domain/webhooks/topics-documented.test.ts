import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { topicRules, webhookTopics } from '../../../src/domain/webhooks/topics.js';

// The README's topic table is the receiver's reference: every topic a subscription may name has its
// row, with the read scope the subscription needs and an example payload.
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('### Topics and payloads'), readme.indexOf('### Delivery, retries, ordering, disabling'));
const rows = section.split('\n').filter((line) => line.startsWith('| `'));

/** A row names its topics in full (`orders/create`) or as the family's others (`/update` after `webhook_subscriptions/create`). */
function topicsOf(row: string): string[] {
  const cell = row.split(' | ')[0]!.slice(2);
  const names = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  const family = names[0]!.slice(0, names[0]!.indexOf('/'));
  return names.map((name) => (name.startsWith('/') ? `${family}${name}` : name));
}

describe('README: Topics and payloads', () => {
  it.each(webhookTopics.map((topic) => [topic]))('documents %s with its read scope and an example', (topic) => {
    const row = rows.find((r) => topicsOf(r).includes(topic));
    expect(row, `${topic} has no row`).toBeDefined();
    const [, scopeCell, example] = row!.split(' | ');
    expect(scopeCell).toBe(topicRules[topic].readScope ?? '—');
    expect(example!.length).toBeGreaterThan(4);
  });

  it('names no topic the domain does not record', () => {
    for (const row of rows) for (const topic of topicsOf(row)) expect(webhookTopics, topic).toContain(topic);
  });
});
