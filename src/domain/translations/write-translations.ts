import type { Prisma, StoreLocale, Translation } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { knownLocaleCode } from '../locale/known-locales.js';
import { withTransaction, type TransactionCtx } from '../transaction.js';
import { sourceDigest } from './digest.js';
import { findTranslatableSource, getTranslatableResource, type TranslatableResource } from './translatable-resources.js';
import type { TranslatableTypeName } from './translatable-types.js';
import type { TranslationsRegisterInput, TranslationsRemoveInput } from './translation-fields.js';

/** A locale of the store other than the primary, or a 422 on `locale` that names it. */
async function translationLocale(ctx: Ctx, requested: string): Promise<StoreLocale> {
  const code = (knownLocaleCode(requested) ?? requested).toLowerCase();
  const locale = (await ctx.db.storeLocale.findMany()).find((l) => l.code.toLowerCase() === code);
  if (!locale) throw ApiError.invalidField('locale', `${requested} is not a locale of this store: add it with POST /locales first`);
  if (locale.isPrimary)
    throw ApiError.invalidField('locale', `${locale.code} is the primary locale, whose text is the resource's own: edit the resource instead`);
  return locale;
}

/** A 422 naming every key the resource does not offer. */
function refuseUnknownKeys(field: string, keys: string[], known: Set<string>, type: TranslatableTypeName): void {
  const unknown = keys.filter((key) => !known.has(key));
  if (!unknown.length) return;
  const offered = [...known].join(', ') || 'none';
  throw ApiError.validation(
    Object.fromEntries(unknown.map((key) => [`${field}.${key}`, [`is not a translatable field of this ${type} (its fields: ${offered})`]])),
  );
}

const keyOf = (type: TranslatableTypeName, id: string, locale: string) => ({ resourceType: type, resourceId: id, locale });

/**
 * Locks the resource's translation row in the locale, making it first when asked: two writes of
 * the same translation then merge one after the other instead of one losing the other's keys.
 */
async function lockedTranslation(tx: TransactionCtx, type: TranslatableTypeName, id: string, locale: string, create: boolean): Promise<Translation | null> {
  if (create) {
    await tx.db.translation.createMany({ data: [{ storeId: tx.db.$storeId, ...keyOf(type, id, locale), fields: {}, digests: {} }], skipDuplicates: true });
  }
  await tx.db.translation.updateMany({ where: keyOf(type, id, locale), data: { locale } });
  return tx.db.translation.findFirst({ where: keyOf(type, id, locale) });
}

/**
 * Sets translations of one resource in one locale: each key sent is written with the digest of
 * the source it translates; keys not sent keep theirs. Unknown keys, a locale the store has not
 * added and the primary locale are 422s naming them. Writing the same texts again changes nothing
 * but the stamp, so a retried call leaves the same state.
 */
export async function registerTranslations(ctx: Ctx, type: TranslatableTypeName, id: string, input: TranslationsRegisterInput): Promise<TranslatableResource> {
  const { id: resourceId } = await findTranslatableSource(ctx, type, id);
  const locale = await translationLocale(ctx, input.locale);
  await withTransaction(ctx, async (tx) => {
    const { source } = await findTranslatableSource(tx, type, resourceId);
    const keys = Object.keys(input.fields);
    refuseUnknownKeys('fields', keys, new Set(Object.keys(source)), type);
    const row = (await lockedTranslation(tx, type, resourceId, locale.code, true))!;
    const digests = Object.fromEntries(keys.map((key) => [key, sourceDigest(source[key]!)]));
    await tx.db.translation.updateMany({
      where: { id: row.id },
      data: { fields: { ...(row.fields as object), ...input.fields }, digests: { ...(row.digests as object), ...digests } },
    });
    tx.outbox.append({ topic: 'translations/update', payload: { type, id: resourceId, locale: locale.code, keys: keys.sort() } });
  });
  return getTranslatableResource(ctx, type, resourceId);
}

/**
 * Removes one locale's translations of a resource: the keys named, or all of them. Keys may be
 * the resource's fields or keys a translation still holds (a metaobject field since removed);
 * others are a 422. What was not there is not an error: the answer lists what was removed, and an
 * event is written only when something was.
 */
export async function removeTranslations(
  ctx: Ctx,
  type: TranslatableTypeName,
  id: string,
  input: TranslationsRemoveInput,
): Promise<{ id: string; locale: string; removed: string[] }> {
  const { id: resourceId } = await findTranslatableSource(ctx, type, id);
  const locale = await translationLocale(ctx, input.locale);
  return withTransaction(ctx, async (tx) => {
    const { source } = await findTranslatableSource(tx, type, resourceId);
    const row = await lockedTranslation(tx, type, resourceId, locale.code, false);
    const stored = (row?.fields ?? {}) as Record<string, unknown>;
    const digests = (row?.digests ?? {}) as Record<string, unknown>;
    if (input.keys) refuseUnknownKeys('keys', input.keys, new Set([...Object.keys(source), ...Object.keys(stored)]), type);
    const removed = (input.keys ?? Object.keys(stored)).filter((key) => key in stored).sort();
    if (!row || !removed.length) return { id: resourceId, locale: locale.code, removed: [] };
    const left = Object.fromEntries(Object.entries(stored).filter(([key]) => !removed.includes(key)));
    if (Object.keys(left).length === 0) await tx.db.translation.deleteMany({ where: { id: row.id } });
    else {
      const leftDigests = Object.fromEntries(Object.entries(digests).filter(([key]) => key in left));
      await tx.db.translation.updateMany({
        where: { id: row.id },
        data: { fields: left as Prisma.InputJsonObject, digests: leftDigests as Prisma.InputJsonObject },
      });
    }
    tx.outbox.append({ topic: 'translations/delete', payload: { type, id: resourceId, locale: locale.code, keys: removed } });
    return { id: resourceId, locale: locale.code, removed };
  });
}
