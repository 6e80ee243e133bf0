import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { importLimits } from './import-fields.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Counts one import request against the installation's minute and day windows (fixed windows on the
 * request clock, counted in the KV so every process shares them) and refuses it with 429 past either
 * cap, `Retry-After` the seconds until that window resets. Only requests that passed validation are
 * counted: the route validates before the domain runs. The day is counted only once the minute lets
 * a request through, so an app retrying too fast spends its minute, not its day.
 */
export async function countImportRequest(ctx: Ctx, installationId: number): Promise<void> {
  const now = ctx.now.getTime();
  const windows = [
    { size: MINUTE_MS, cap: importLimits.perMinute, name: 'minute' },
    { size: DAY_MS, cap: importLimits.perDay, name: 'day' },
  ];
  for (const window of windows) {
    const index = Math.floor(now / window.size);
    const { count } = await ctx.kv.increment(`review-import:${installationId}:${window.name}:${index}`, window.size);
    if (count <= window.cap) continue;
    const wait = Math.max(1, Math.ceil(((index + 1) * window.size - now) / 1000));
    throw new ApiError('too_many_requests', `This installation sent ${window.cap} review imports this ${window.name}, the most it may; retry in ${wait} s.`, {
      headers: { 'retry-after': String(wait) },
    });
  }
}
