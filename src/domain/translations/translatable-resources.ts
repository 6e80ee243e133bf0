import type { StoreLocale, Translation } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asString, type KeysetSort } from '../pagination/keyset.js';
import { sourceDigest } from './digest.js';
import { translatableType, type SourceFields, type TranslatableTypeName } from './translatable-types.js';

export const translatableListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

export interface TranslatableField {
  key: string;
  value: string;
  digest: string;
}

export interface TranslatedField {
  key: string;
  value: string;
  /** The digest of the source this text translated; null for a row written without one (before digests were kept), which counts as outdated. */
  digest: string | null;
  /** The source has changed since: its digest is no longer the one the translation was written against. */
  outdated: boolean;
}

export interface LocaleTranslations {
  locale: string;
  published: boolean;
  fields: TranslatedField[];
  updatedAt: Date | null;
}

export interface TranslatableResource {
  type: TranslatableTypeName;
  id: string;
  fields: TranslatableField[];
  /** One entry per locale of the store but the primary, in the store's order, translated or not. */
  translations: LocaleTranslations[];
}

/** A store's resource of the type with its source text; another store's (or no) resource is 404. */
export async function findTranslatableSource(ctx: Ctx, type: TranslatableTypeName, id: string): Promise<{ id: string; source: SourceFields }> {
  const reader = translatableType(type);
  const rows = uuidPattern.test(id) ? await reader.fetch(ctx, { where: { ...reader.where, id: id.toLowerCase() }, take: 1 }) : [];
  const row = rows[0];
  if (!row) throw ApiError.notFound('Translatable resource');
  const [source] = await reader.sources(ctx, [row]);
  return { id: row.id, source: source! };
}

/** The store's locales translations are written in: all of them but the primary. */
export async function translationLocales(ctx: Ctx): Promise<StoreLocale[]> {
  return (await ctx.loaders.storeLocales()).filter((l) => !l.isPrimary);
}

function translatedFields(source: SourceFields, row: Translation | undefined): TranslatedField[] {
  if (!row) return [];
  const texts = row.fields as Record<string, unknown>;
  const digests = row.digests as Record<string, unknown>;
  return Object.entries(texts)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value]) => {
      const digest = typeof digests[key] === 'string' ? (digests[key] as string) : null;
      const current = source[key];
      return { key, value, digest, outdated: digest === null || current === undefined || sourceDigest(current) !== digest };
    });
}

function resourceOf(type: TranslatableTypeName, id: string, source: SourceFields, locales: StoreLocale[], rows: Translation[]): TranslatableResource {
  return {
    type,
    id,
    fields: Object.entries(source).map(([key, value]) => ({ key, value, digest: sourceDigest(value) })),
    translations: locales.map((locale) => {
      const row = rows.find((r) => r.resourceId === id && r.locale === locale.code);
      return { locale: locale.code, published: locale.published, fields: translatedFields(source, row), updatedAt: row?.updatedAt ?? null };
    }),
  };
}

async function translationRows(ctx: Ctx, type: TranslatableTypeName, ids: string[], locales: StoreLocale[]): Promise<Translation[]> {
  if (!ids.length || !locales.length) return [];
  return ctx.db.translation.findMany({ where: { resourceType: type, resourceId: { in: ids }, locale: { in: locales.map((l) => l.code) } } });
}

/** One resource: each field's source and digest, and its translation in every locale but the primary. */
export async function getTranslatableResource(ctx: Ctx, type: TranslatableTypeName, id: string): Promise<TranslatableResource> {
  const [found, locales] = await Promise.all([findTranslatableSource(ctx, type, id), translationLocales(ctx)]);
  return resourceOf(type, found.id, found.source, locales, await translationRows(ctx, type, [found.id], locales));
}

/** Oldest first by uuid: ids never change, so a walk neither skips nor repeats a resource. */
const byId: KeysetSort<{ id: string }> = [{ field: 'id', direction: 'asc', read: (row) => row.id, parse: asString }];

/** A page of the store's resources of one type, each as the single read shows it. */
export async function listTranslatableResources(
  ctx: Ctx,
  input: { type: TranslatableTypeName; window: KeysetWindow },
): Promise<KeysetPage<{ id: string }> & { resources: TranslatableResource[] }> {
  const reader = translatableType(input.type);
  const [page, locales] = await Promise.all([
    keysetPage(
      ctx,
      {
        binding: { list: 'merchant.translatable-resources', storeId: ctx.store.id, filters: { type: input.type } },
        sort: byId,
        where: reader.where ?? {},
        fetch: (args) => reader.fetch(ctx, args),
      },
      input.window,
    ),
    translationLocales(ctx),
  ]);
  const [sources, rows] = await Promise.all([
    reader.sources(ctx, page.rows),
    translationRows(
      ctx,
      input.type,
      page.rows.map((r) => r.id),
      locales,
    ),
  ]);
  return { ...page, resources: page.rows.map((row, i) => resourceOf(input.type, row.id, sources[i]!, locales, rows)) };
}
