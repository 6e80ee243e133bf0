import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTestApp, type TestInstallation } from '../support/apps.js';
import { graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { outboxOf, send } from '../support/writes.js';

// Issue 20, GraphQL patches of custom data: metafieldDefinitionUpdate, metaobjectDefinitionUpdate
// and metaobjectUpdate call the domain functions of the REST PATCH routes behind the same scopes;
// a mistake (an unknown record, an immutable field, a bad value) is a userError, and the
// Idempotency-Key header covers them as every mutation.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let app: TestInstallation;
let definitionId: string;
let appDefinitionId: string;
let entryId: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  app = await installTestApp(t.database, shop.store, ['merchant-metafields-create']);
  definitionId = (
    await send(t.app, shop.privateKey, 'POST', '/metafield-definitions', { owner_type: 'product', namespace: 'custom', key: 'fit', name: 'Fit', type: 'text' })
  ).body.data.id;
  appDefinitionId = (
    await send(t.app, app.key, 'POST', '/metafield-definitions', {
      owner_type: 'product',
      namespace: `app.${app.appSlug}`,
      key: 'score',
      name: 'Score',
      type: 'number',
    })
  ).body.data.id;
  await send(t.app, shop.privateKey, 'POST', '/metaobject-definitions', {
    type: 'designer',
    name: 'Designer',
    display_field: 'name',
    fields: [{ key: 'name', name: 'Name', type: 'text', required: true }],
  });
  entryId = (await send(t.app, shop.privateKey, 'POST', '/metaobjects', { type: 'designer', handle: 'ada', fields: { name: 'Ada' } })).body.data.id;
});
afterAll(() => t.close());

const UPDATE_METAFIELD = `mutation ($id: String!, $input: MetafieldDefinitionUpdateInput!) {
  metafieldDefinitionUpdate(id: $id, input: $input) { metafieldDefinition { key name validations { name value } storefrontVisible } userErrors { field code } }
}`;
const UPDATE_DEFINITION = `mutation ($type: String!, $input: MetaobjectDefinitionUpdateInput!) {
  metaobjectDefinitionUpdate(type: $type, input: $input) { metaobjectDefinition { type name displayField fields { key type required } } userErrors { field code } }
}`;
const UPDATE_METAOBJECT = `mutation ($id: String!, $input: MetaobjectUpdateInput!) {
  metaobjectUpdate(id: $id, input: $input) { metaobject { handle displayName fields } userErrors { field code } }
}`;

describe('metafieldDefinitionUpdate', () => {
  it('changes the fields sent with its event, as PATCH /metafield-definitions/{definition}', async () => {
    const input = { name: 'Cut', validations: [{ name: 'choices', value: ['slim', 'loose'] }], storefrontVisible: true, key: 'fit' };
    const res = await graphql(t.app, shop.privateKey, UPDATE_METAFIELD, { id: String(definitionId), input });
    expect(res.body).toEqual({
      data: {
        metafieldDefinitionUpdate: {
          metafieldDefinition: { key: 'fit', name: 'Cut', validations: [{ name: 'choices', value: ['slim', 'loose'] }], storefrontVisible: true },
          userErrors: [],
        },
      },
    });
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'metafield_definitions/update')).toHaveLength(1);
  });

  it('answers userErrors for an immutable field, an app namespace the caller does not own, and an unknown or foreign definition', async () => {
    const immutable = await graphql(t.app, shop.privateKey, UPDATE_METAFIELD, { id: String(definitionId), input: { type: 'number' } });
    expect(immutable.body.data.metafieldDefinitionUpdate).toEqual({
      metafieldDefinition: null,
      userErrors: [{ field: 'input.type', code: 'validation_failed' }],
    });
    const appOwned = await graphql(t.app, shop.privateKey, UPDATE_METAFIELD, { id: String(appDefinitionId), input: { name: 'Mine' } });
    expect(appOwned.body.data.metafieldDefinitionUpdate.userErrors).toEqual([{ field: 'input.namespace', code: 'validation_failed' }]);
    const byApp = await graphql(t.app, app.key, UPDATE_METAFIELD, { id: String(appDefinitionId), input: { name: 'Rating' } });
    expect(byApp.body.data.metafieldDefinitionUpdate).toEqual({
      metafieldDefinition: { key: 'score', name: 'Rating', validations: [], storefrontVisible: false },
      userErrors: [],
    });
    const foreign = await graphql(t.app, other.privateKey, UPDATE_METAFIELD, { id: String(definitionId), input: { name: 'Theirs' } });
    expect(foreign.body.data.metafieldDefinitionUpdate).toEqual({ metafieldDefinition: null, userErrors: [{ field: null, code: 'not_found' }] });
    expect((await t.database.prisma.metafieldDefinition.findFirstOrThrow({ where: { id: definitionId } })).name).toBe('Cut');
  });

  it('needs merchant-metafields-create', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-metafields-read'] });
    const res = await graphql(t.app, key, UPDATE_METAFIELD, { id: String(definitionId), input: { name: 'No' } });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('metaobjectDefinitionUpdate', () => {
  it('merges fields by key with its event, and refuses a changed field type by its index', async () => {
    const res = await graphql(t.app, shop.privateKey, UPDATE_DEFINITION, {
      type: 'designer',
      input: { name: 'Designers', fields: [{ key: 'born', name: 'Born', type: 'number' }] },
    });
    expect(res.body.data.metaobjectDefinitionUpdate).toEqual({
      metaobjectDefinition: {
        type: 'designer',
        name: 'Designers',
        displayField: 'name',
        fields: [
          { key: 'name', type: 'text', required: true },
          { key: 'born', type: 'number', required: false },
        ],
      },
      userErrors: [],
    });
    expect((await outboxOf(t.database, shop.store)).map((e) => e.topic)).toContain('metaobject_definitions/update');
    const retyped = await graphql(t.app, shop.privateKey, UPDATE_DEFINITION, {
      type: 'designer',
      input: { fields: [{ key: 'born', name: 'Born', type: 'text' }] },
    });
    expect(retyped.body.data.metaobjectDefinitionUpdate).toEqual({
      metaobjectDefinition: null,
      userErrors: [{ field: 'input.fields.0.type', code: 'validation_failed' }],
    });
    const unknown = await graphql(t.app, other.privateKey, UPDATE_DEFINITION, { type: 'designer', input: { name: 'X' } });
    expect(unknown.body.data.metaobjectDefinitionUpdate.userErrors).toEqual([{ field: null, code: 'not_found' }]);
  });

  it('needs merchant-metaobjects-create', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-metaobjects-read'] });
    const res = await graphql(t.app, key, UPDATE_DEFINITION, { type: 'designer', input: { name: 'No' } });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('metaobjectUpdate', () => {
  it('merges values and renames the handle with its event; a bad value is a userError naming input.fields.<key>', async () => {
    const bad = await graphql(t.app, shop.privateKey, UPDATE_METAOBJECT, { id: entryId, input: { fields: { born: 'long ago' } } });
    expect(bad.body.data.metaobjectUpdate).toEqual({ metaobject: null, userErrors: [{ field: 'input.fields.born', code: 'validation_failed' }] });
    const res = await graphql(t.app, shop.privateKey, UPDATE_METAOBJECT, { id: entryId, input: { handle: 'ada-lovelace', fields: { born: 1815 } } });
    expect(res.body.data.metaobjectUpdate).toEqual({
      metaobject: { handle: 'ada-lovelace', displayName: 'Ada', fields: { name: 'Ada', born: 1815 } },
      userErrors: [],
    });
    expect((await outboxOf(t.database, shop.store)).map((e) => e.topic)).toContain('metaobjects/update');
    const foreign = await graphql(t.app, other.privateKey, UPDATE_METAOBJECT, { id: entryId, input: { handle: 'mine' } });
    expect(foreign.body.data.metaobjectUpdate.userErrors).toEqual([{ field: null, code: 'not_found' }]);
  });

  it('runs once under an Idempotency-Key and replays the answer', async () => {
    const headers = { 'idempotency-key': 'gql-metaobject-update-1' };
    const variables = { id: entryId, input: { fields: { born: 1816 } } };
    const first = await graphql(t.app, shop.privateKey, UPDATE_METAOBJECT, variables, headers);
    const before = (await outboxOf(t.database, shop.store)).length;
    const again = await graphql(t.app, shop.privateKey, UPDATE_METAOBJECT, variables, headers);
    expect(first.body.data.metaobjectUpdate.userErrors).toEqual([]);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await outboxOf(t.database, shop.store)).length).toBe(before);
  });
});
