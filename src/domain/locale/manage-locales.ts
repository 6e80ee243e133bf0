import { Prisma, type StoreLocale } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { localeNames } from '../store/locale-names.js';
import { withTransaction, type TransactionCtx } from '../transaction.js';
import { knownLocaleCode } from './known-locales.js';
import { MAX_STORE_LOCALES, type LocaleCreateInput, type LocaleUpdateInput } from './locale-fields.js';

const primaryOrder = [{ isPrimary: 'desc' as const }, { position: 'asc' as const }, { code: 'asc' as const }];

/** Every locale of the store, published or not, primary first, then in the order they were added. */
export function listStoreLocales(ctx: Ctx): Promise<StoreLocale[]> {
  return ctx.db.storeLocale.findMany({ orderBy: primaryOrder });
}

async function findLocale(tx: Ctx, code: string): Promise<StoreLocale> {
  const known = knownLocaleCode(code) ?? code;
  const locale = await tx.db.storeLocale.findFirst({ where: { code: { equals: known, mode: 'insensitive' } } });
  if (!locale) throw ApiError.notFound('Locale');
  return locale;
}

function isCodeCollision(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return false;
  return (error.meta as { modelName?: string } | undefined)?.modelName === 'StoreLocale';
}

const alreadyAdded = (code: string) =>
  new ApiError('conflict', `The store has the locale ${code} already.`, { fieldErrors: { code: ['is a locale of this store already'] } });

/** Adds a known locale, unpublished unless asked (translate first, then publish), after the others. */
export async function addStoreLocale(ctx: Ctx, input: LocaleCreateInput): Promise<StoreLocale> {
  try {
    return await withTransaction(ctx, async (tx) => {
      const existing = await tx.db.storeLocale.findMany({ orderBy: { position: 'desc' } });
      if (existing.some((l) => l.code.toLowerCase() === input.code.toLowerCase())) throw alreadyAdded(input.code);
      if (existing.length >= MAX_STORE_LOCALES) throw ApiError.invalidField('code', `a store has at most ${MAX_STORE_LOCALES} locales`);
      const locale = await tx.db.storeLocale.create({
        data: {
          storeId: tx.db.$storeId,
          code: input.code,
          ...localeNames(input.code),
          isPrimary: false,
          published: input.published ?? false,
          position: (existing[0]?.position ?? -1) + 1,
        },
      });
      tx.outbox.append({ topic: 'locales/create', payload: { code: locale.code } });
      return locale;
    });
  } catch (error) {
    if (isCodeCollision(error)) throw alreadyAdded(input.code);
    throw error;
  }
}

/**
 * Serialises the store's locale writes on one row, the store's own: a write that decides on the
 * primary reads the set only after any other such write has committed, so two at once run one
 * after the other and the store keeps one published primary. One row, not every locale row: an
 * update of many rows locks them in the order it finds them, which two concurrent updates need
 * not share, and two writes each holding a row the other wants deadlock (PostgreSQL then aborts
 * one). The update moves only updatedAt and takes no key lock, so rows referencing the store are not held.
 */
async function lockLocales(tx: TransactionCtx): Promise<void> {
  await tx.db.store.update({ where: { id: tx.db.$storeId }, data: { updatedAt: tx.now }, select: { id: true } });
}

async function makePrimary(tx: TransactionCtx, locale: StoreLocale): Promise<void> {
  await tx.db.storeLocale.updateMany({ where: { id: { not: locale.id } }, data: { isPrimary: false } });
  await tx.db.storeLocale.update({ where: { id: locale.id }, data: { isPrimary: true, published: true } });
}

/**
 * `published` shows or hides a locale to shoppers; `primary: true` makes it the primary (and
 * publishes it). The primary cannot be unpublished, nor stop being primary but by another taking
 * its place: both are 422s naming the field.
 */
export async function updateStoreLocale(ctx: Ctx, code: string, input: LocaleUpdateInput): Promise<StoreLocale> {
  return withTransaction(ctx, async (tx) => {
    await lockLocales(tx);
    const found = await findLocale(tx, code);
    if (input.primary === true && !found.isPrimary) await makePrimary(tx, found);
    const locale = await tx.db.storeLocale.findUniqueOrThrow({ where: { id: found.id } });
    if (input.primary === false && locale.isPrimary) {
      throw ApiError.invalidField('primary', 'cannot be false on the primary locale: make another locale primary instead');
    }
    if (input.published === false && locale.isPrimary) throw ApiError.invalidField('published', 'cannot be false on the primary locale');
    const updated = input.published === undefined ? locale : await tx.db.storeLocale.update({ where: { id: locale.id }, data: { published: input.published } });
    tx.outbox.append({ topic: 'locales/update', payload: { code: updated.code } });
    return updated;
  });
}

/** Removes a locale and its translations (re-adding it starts untranslated); the primary is a 422. */
export async function deleteStoreLocale(ctx: Ctx, code: string): Promise<StoreLocale> {
  return withTransaction(ctx, async (tx) => {
    await lockLocales(tx);
    const locale = await findLocale(tx, code);
    if (locale.isPrimary) throw ApiError.invalidField('locale', 'is the primary locale, which cannot be deleted: make another locale primary first');
    await tx.db.storeLocale.delete({ where: { id: locale.id } });
    await tx.db.translation.deleteMany({ where: { locale: locale.code } });
    tx.outbox.append({ topic: 'locales/delete', payload: { code: locale.code } });
    return locale;
  });
}
