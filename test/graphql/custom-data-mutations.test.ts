import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTestApp, type TestInstallation } from '../support/apps.js';
import { createProduct } from '../support/catalog.js';
import { graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { outboxOf } from '../support/writes.js';

// Issue 20, GraphQL writes: the custom-data and app mutations call the domain functions REST calls,
// behind the same scopes; a caller's mistake is a userError naming the input field, and the
// Idempotency-Key header covers them as every mutation.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let app: TestInstallation;

const appScopes = [
  'merchant-metafields-create',
  'merchant-app_setup-update',
  'merchant-app_alerts-create',
  'merchant-app-requirements-write',
  'merchant-collected-definitions-manage',
  'merchant-collected-records-submit',
];

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  app = await installTestApp(t.database, shop.store, appScopes);
});
afterAll(() => t.close());

const DEFINE_METAFIELD = `mutation ($input: MetafieldDefinitionCreateInput!) {
  metafieldDefinitionCreate(input: $input) { metafieldDefinition { ownerType namespace key type validations { name value } storefrontVisible installationId } userErrors { field code message } }
}`;
const DEFINE_METAOBJECT = `mutation ($input: MetaobjectDefinitionCreateInput!) {
  metaobjectDefinitionCreate(input: $input) { metaobjectDefinition { type displayField storefrontVisible fields { key type required } } userErrors { field code message } }
}`;
const CREATE_METAOBJECT = `mutation ($input: MetaobjectCreateInput!) {
  metaobjectCreate(input: $input) { metaobject { type handle displayName fields } userErrors { field code message } }
}`;

describe('metafieldDefinitionCreate', () => {
  it('defines a metafield with its event, as POST /metafield-definitions', async () => {
    const input = {
      ownerType: 'product',
      namespace: 'custom',
      key: 'fit',
      name: 'Fit',
      type: 'text',
      validations: [{ name: 'choices', value: ['slim', 'loose'] }],
      storefrontVisible: true,
    };
    const res = await graphql(t.app, shop.privateKey, DEFINE_METAFIELD, { input });
    expect(res.body).toEqual({
      data: {
        metafieldDefinitionCreate: {
          metafieldDefinition: {
            ownerType: 'product',
            namespace: 'custom',
            key: 'fit',
            type: 'text',
            validations: [{ name: 'choices', value: ['slim', 'loose'] }],
            storefrontVisible: true,
            installationId: null,
          },
          userErrors: [],
        },
      },
    });
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'metafield_definitions/create')).toHaveLength(1);
  });

  it('answers userErrors naming the field: a taken key, a bad type, bazaar.* and app.* from the merchant', async () => {
    const base = { ownerType: 'product', namespace: 'custom', key: 'fit', name: 'Fit', type: 'text' };
    const taken = await graphql(t.app, shop.privateKey, DEFINE_METAFIELD, { input: base });
    expect(taken.body.data.metafieldDefinitionCreate).toEqual({
      metafieldDefinition: null,
      userErrors: [{ field: 'input.key', code: 'conflict', message: expect.any(String) }],
    });
    const badType = await graphql(t.app, shop.privateKey, DEFINE_METAFIELD, { input: { ...base, key: 'other', type: 'colour' } });
    expect(badType.body.data.metafieldDefinitionCreate.userErrors).toEqual([
      { field: 'input.type', code: 'validation_failed', message: expect.stringContaining('must be one of') },
    ]);
    for (const namespace of ['bazaar', `app.${app.appSlug}`]) {
      const res = await graphql(t.app, shop.privateKey, DEFINE_METAFIELD, { input: { ...base, namespace } });
      expect(res.body.data.metafieldDefinitionCreate.userErrors).toEqual([
        { field: 'input.namespace', code: 'validation_failed', message: expect.any(String) },
      ]);
    }
  });

  it('lets an app define under its own namespace only, recording its installation', async () => {
    const own = await graphql(t.app, app.key, DEFINE_METAFIELD, {
      input: { ownerType: 'product', namespace: `app.${app.appSlug}`, key: 'score', name: 'Score', type: 'number' },
    });
    expect(own.body.data.metafieldDefinitionCreate.metafieldDefinition).toMatchObject({ namespace: `app.${app.appSlug}`, installationId: app.id });
    const second = await installTestApp(t.database, shop.store, ['merchant-metafields-create']);
    const foreign = await graphql(t.app, second.key, DEFINE_METAFIELD, {
      input: { ownerType: 'product', namespace: `app.${app.appSlug}`, key: 'x', name: 'X', type: 'number' },
    });
    expect(foreign.body.data.metafieldDefinitionCreate.userErrors[0]).toMatchObject({ field: 'input.namespace', code: 'validation_failed' });
  });

  it('needs merchant-metafields-create', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-metafields-read'] });
    const res = await graphql(t.app, key, DEFINE_METAFIELD, { input: { ownerType: 'product', namespace: 'custom', key: 'y', name: 'Y', type: 'text' } });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('metaobjectDefinitionCreate and metaobjectCreate', () => {
  it('defines a type and creates an entry checked against it, with their events', async () => {
    const definition = await graphql(t.app, shop.privateKey, DEFINE_METAOBJECT, {
      input: {
        type: 'designer',
        name: 'Designer',
        displayField: 'name',
        storefrontVisible: true,
        fields: [
          { key: 'name', name: 'Name', type: 'text', required: true },
          { key: 'born', name: 'Born', type: 'date' },
        ],
      },
    });
    expect(definition.body.data.metaobjectDefinitionCreate).toEqual({
      metaobjectDefinition: {
        type: 'designer',
        displayField: 'name',
        storefrontVisible: true,
        fields: [
          { key: 'name', type: 'text', required: true },
          { key: 'born', type: 'date', required: false },
        ],
      },
      userErrors: [],
    });
    const entry = await graphql(t.app, shop.privateKey, CREATE_METAOBJECT, {
      input: { type: 'designer', handle: 'ada', fields: { name: 'Ada', born: '1990-02-01' } },
    });
    expect(entry.body.data.metaobjectCreate).toEqual({
      metaobject: { type: 'designer', handle: 'ada', displayName: 'Ada', fields: { name: 'Ada', born: '1990-02-01' } },
      userErrors: [],
    });
    const topics = (await outboxOf(t.database, shop.store)).map((e) => e.topic);
    expect(topics).toEqual(expect.arrayContaining(['metaobject_definitions/create', 'metaobjects/create']));
  });

  it('answers userErrors for bad fields, a taken handle and an unknown type; nothing is written', async () => {
    const bad = await graphql(t.app, shop.privateKey, CREATE_METAOBJECT, {
      input: { type: 'designer', handle: 'bob', fields: { born: 'yesterday', colour: 'red' } },
    });
    expect(bad.body.data.metaobjectCreate.metaobject).toBeNull();
    expect(bad.body.data.metaobjectCreate.userErrors.map((e: { field: string }) => e.field).sort()).toEqual([
      'input.fields.born',
      'input.fields.colour',
      'input.fields.name',
    ]);
    const taken = await graphql(t.app, shop.privateKey, CREATE_METAOBJECT, { input: { type: 'designer', handle: 'ada', fields: { name: 'Another' } } });
    expect(taken.body.data.metaobjectCreate.userErrors).toEqual([{ field: 'input.handle', code: 'conflict', message: expect.any(String) }]);
    const unknown = await graphql(t.app, other.privateKey, CREATE_METAOBJECT, { input: { type: 'designer', handle: 'ada', fields: { name: 'Ada' } } });
    expect(unknown.body.data.metaobjectCreate.userErrors[0]).toMatchObject({ field: 'input.type', code: 'validation_failed' });
    expect(await t.database.prisma.metaobject.count({ where: { handle: 'bob' } })).toBe(0);
    const reserved = await graphql(t.app, shop.privateKey, DEFINE_METAOBJECT, {
      input: { type: 'app_thing', name: 'T', fields: [{ key: 'a', name: 'A', type: 'text' }] },
    });
    expect(reserved.body.data.metaobjectDefinitionCreate.userErrors[0]).toMatchObject({ field: 'input.type', code: 'validation_failed' });
  });

  it('runs once under an Idempotency-Key and replays the answer', async () => {
    const headers = { 'idempotency-key': 'gql-metaobject-1' };
    const variables = { input: { type: 'designer', handle: 'grace', fields: { name: 'Grace' } } };
    const first = await graphql(t.app, shop.privateKey, CREATE_METAOBJECT, variables, headers);
    const again = await graphql(t.app, shop.privateKey, CREATE_METAOBJECT, variables, headers);
    expect(first.body.data.metaobjectCreate.userErrors).toEqual([]);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.database.prisma.metaobject.count({ where: { storeId: shop.store.id, handle: 'grace' } })).toBe(1);
  });
});

describe('app mutations', () => {
  const SETUP = `mutation ($input: AppSetupInput!) { appSetupPut(input: $input) { setup { status items { key value sensitive } } userErrors { field code } } }`;
  const ALERT = `mutation ($input: AppAlertInput!) { appAlertCreate(input: $input) { alert { severity deduped notificationId } userErrors { field code } } }`;
  const REQUIREMENTS = `mutation ($input: AppRequirementsInput!) { appRequirementsPut(input: $input) { requirements { items { productPId prefix } } userErrors { field code } } }`;
  const DEFINE = `mutation ($input: CollectedDefinitionCreateInput!) { collectedDefinitionCreate(input: $input) { collectedDefinition { pId type dataClass retentionDays fields { key type required } } userErrors { field code } } }`;
  const UPDATE = `mutation ($id: Int!, $input: CollectedDefinitionUpdateInput!) { collectedDefinitionUpdate(id: $id, input: $input) { collectedDefinition { name retentionDays } userErrors { field code } } }`;
  const SUBMIT = `mutation ($input: CollectedRecordInput!) { collectedRecordSubmit(input: $input) { record { type fields } userErrors { field code } } }`;

  it('appSetupPut replaces the sheet, masking a sensitive value to the app; a non-https URL is a userError', async () => {
    const items = [{ key: 'token', label: 'Token', value: 'tok_abcdefghijklmnop1234', sensitive: true }];
    const res = await graphql(t.app, app.key, SETUP, { input: { status: 'connected', items } });
    expect(res.body.data.appSetupPut).toEqual({
      setup: { status: 'connected', items: [{ key: 'token', value: '••••1234', sensitive: true }] },
      userErrors: [],
    });
    const bad = await graphql(t.app, app.key, SETUP, { input: { status: 'connected', items: [{ key: 'site', label: 'Site', value: 'http://example.com' }] } });
    expect(bad.body.data.appSetupPut).toEqual({ setup: null, userErrors: [{ field: 'input.items.0.value', code: 'validation_failed' }] });
  });

  it("refuses a merchant's key: an installation's key is needed", async () => {
    const res = await graphql(t.app, shop.privateKey, SETUP, { input: { status: 'connected', items: [] } });
    expect(res.body.errors[0].extensions.code).toBe('forbidden');
  });

  it('appAlertCreate raises an alert and dedupes a repeat of its dedupeKey', async () => {
    const input = { severity: 'WARNING', title: 'Sync slow', message: 'Catching up.', dedupeKey: 'sync-slow' };
    const first = await graphql(t.app, app.key, ALERT, { input });
    expect(first.body.data.appAlertCreate).toEqual({ alert: { severity: 'WARNING', deduped: false, notificationId: expect.any(String) }, userErrors: [] });
    const again = await graphql(t.app, app.key, ALERT, { input });
    expect(again.body.data.appAlertCreate.alert).toEqual({ ...first.body.data.appAlertCreate.alert, deduped: true });
    const html = await graphql(t.app, app.key, ALERT, { input: { severity: 'INFO', title: '<b>x</b>', message: 'm' } });
    expect(html.body.data.appAlertCreate.userErrors).toEqual([{ field: 'input.title', code: 'validation_failed' }]);
  });

  it("appRequirementsPut replaces the list; another store's product or a foreign prefix names the item", async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Required' });
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign' });
    const prefix = `app.${app.appSlug}.reviews`;
    const ok = await graphql(t.app, app.key, REQUIREMENTS, { input: { items: [{ productPId: product.pId, prefix }] } });
    expect(ok.body.data.appRequirementsPut).toEqual({ requirements: { items: [{ productPId: product.pId, prefix }] }, userErrors: [] });
    const bad = await graphql(t.app, app.key, REQUIREMENTS, {
      input: {
        items: [
          { productPId: foreign.pId, prefix },
          { productPId: product.pId, prefix: 'custom.x' },
        ],
      },
    });
    expect(bad.body.data.appRequirementsPut.requirements).toBeNull();
    expect(bad.body.data.appRequirementsPut.userErrors.map((e: { field: string }) => e.field).sort()).toEqual([
      'input.items.0.productPId',
      'input.items.1.prefix',
    ]);
  });

  it('collected definitions: create, update (type immutable), and records submitted against them', async () => {
    const type = `app_${app.appSlug}_${app.id}_leads`;
    const created = await graphql(t.app, app.key, DEFINE, {
      input: { type, name: 'Leads', fields: [{ key: 'email', name: 'Email', type: 'email', required: true }] },
    });
    const definition = created.body.data.collectedDefinitionCreate.collectedDefinition;
    expect(definition).toEqual({
      pId: expect.any(Number),
      type,
      dataClass: 'collected',
      retentionDays: null,
      fields: [{ key: 'email', type: 'email', required: true }],
    });
    const updated = await graphql(t.app, app.key, UPDATE, { id: definition.pId, input: { name: 'Hot leads', retentionDays: 30 } });
    expect(updated.body.data.collectedDefinitionUpdate).toEqual({ collectedDefinition: { name: 'Hot leads', retentionDays: 30 }, userErrors: [] });
    const retyped = await graphql(t.app, app.key, UPDATE, { id: definition.pId, input: { type: `${type}_2` } });
    expect(retyped.body.data.collectedDefinitionUpdate.userErrors).toEqual([{ field: 'input.type', code: 'validation_failed' }]);
    const foreignType = await graphql(t.app, app.key, DEFINE, {
      input: { type: 'app_other_1_x', name: 'X', fields: [{ key: 'a', name: 'A', type: 'integer' }] },
    });
    expect(foreignType.body.errors[0].extensions.code).toBe('forbidden');

    const record = await graphql(t.app, app.key, SUBMIT, { input: { type, fields: { email: 'lead@example.com' } } });
    expect(record.body.data.collectedRecordSubmit).toEqual({ record: { type, fields: { email: 'lead@example.com' } }, userErrors: [] });
    const badRecord = await graphql(t.app, app.key, SUBMIT, { input: { type, fields: { email: 'not-an-email' } } });
    expect(badRecord.body.data.collectedRecordSubmit.userErrors).toEqual([{ field: 'input.fields.email', code: 'validation_failed' }]);
    const topics = (await outboxOf(t.database, shop.store)).map((e) => e.topic);
    expect(topics).toEqual(expect.arrayContaining(['collected_definitions/create', 'collected_definitions/update']));
  });

  it("needs each operation's scope", async () => {
    const narrow = await installTestApp(t.database, shop.store, ['merchant-app_setup-update']);
    const res = await graphql(t.app, narrow.key, ALERT, { input: { severity: 'INFO', title: 't', message: 'm' } });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});
