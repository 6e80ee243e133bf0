import type { Command } from './command.js';
import { maxSeedProducts } from '../seed/seed-limits.js';

/**
 * Every command with its help; the implementations are imported when one runs. This module and
 * what it imports stay light: `bazaar --help` loads them and nothing else.
 */
export const commands: Record<string, Command> = {
  'store create': {
    summary: 'Create a store (live unless --dev); the first locale is the primary one.',
    flags: {
      name: { value: 'NAME', help: "the store's name, up to 120 characters" },
      slug: { value: 'SLUG', help: 'its unique handle: lower-case letters, digits and dashes, up to 64' },
      currency: { value: 'CODE', help: 'ISO 4217 currency (default USD)' },
      country: { value: 'CC', help: 'ISO 3166 alpha-2 country (default US)' },
      locales: { value: 'en,fr', help: 'comma-separated locale codes, the first one primary (default en)' },
      dev: { help: 'a dev store: its keys are pk_test_/sk_test_ and live keys answer api_key_mode_mismatch' },
      plan: { value: 'active|inactive', help: 'an inactive store answers plan_inactive (default active)' },
    },
    required: ['name', 'slug'],
    database: 'write',
    load: async () => (await import('./store-commands.js')).storeCreate,
  },
  'store update': {
    summary: "Change a store's plan, mode or name; keys of the old mode stop working.",
    flags: {
      store: { value: 'SLUG', help: 'the store to change' },
      plan: { value: 'active|inactive', help: 'an inactive store answers plan_inactive' },
      mode: { value: 'live|dev', help: 'live takes pk_live_/sk_live_ keys, dev takes pk_test_/sk_test_ keys' },
      name: { value: 'NAME', help: "the store's new name" },
    },
    required: ['store'],
    database: 'write',
    load: async () => (await import('./store-commands.js')).storeUpdate,
  },
  'key create': {
    summary: 'Mint an API key; the whole key is printed once and never stored.',
    flags: {
      store: { value: 'SLUG', help: 'the store the key opens' },
      kind: { value: 'public|private', help: 'public for browsers (storefront and GraphQL catalogue), private for servers (merchant API too)' },
      origins: { value: "'https://a.example,https://b.example'|'*'", help: "public keys: the browser origins allowed, '*' for any (default '*')" },
      scopes: { value: 'a,b|all', help: 'private keys: the merchant scopes it grants, or all of them' },
      'expires-at': { value: 'ISO8601', help: 'when the key stops working, past times included (default never)' },
      label: { value: 'TEXT', help: 'a note kept with the key, up to 120 characters' },
    },
    required: ['store', 'kind'],
    database: 'write',
    load: async () => (await import('./key-commands.js')).keyCreate,
  },
  'key revoke': {
    summary: 'Revoke an API key; calls with it then answer invalid_client_key (storefront, GraphQL) or api_key_revoked (merchant).',
    flags: { id: { value: 'ID', help: "the key's id, as printed when it was created" } },
    required: ['id'],
    database: 'write',
    load: async () => (await import('./key-commands.js')).keyRevoke,
  },
  'app create': {
    summary: 'Register an app, which stores can then install; it owns the metafield namespace app.SLUG.',
    flags: {
      slug: { value: 'SLUG', help: 'its unique handle: lower-case letters, digits and dashes, up to 40' },
      name: { value: 'NAME', help: "the app's name, up to 120 characters" },
    },
    required: ['slug', 'name'],
    database: 'write',
    load: async () => (await import('./app-commands.js')).appCreate,
  },
  'app install': {
    summary: "Install an app on a store with the scopes the merchant grants; the installation's private key is printed once.",
    flags: {
      store: { value: 'SLUG', help: 'the store to install the app on' },
      app: { value: 'SLUG', help: 'the app, as registered with app create' },
      scopes: { value: 'a,b|all', help: 'the merchant scopes the installation and its key get' },
    },
    required: ['store', 'app', 'scopes'],
    database: 'write',
    load: async () => (await import('./app-commands.js')).appInstall,
  },
  'app list': {
    summary: "List a store's app installations, uninstalled ones whose data is still kept included.",
    flags: { store: { value: 'SLUG', help: 'the store whose installations to list' } },
    required: ['store'],
    database: 'read',
    load: async () => (await import('./app-commands.js')).appList,
  },
  'app uninstall': {
    summary: 'Uninstall an app: its keys answer api_key_revoked at once and its data is kept 30 days (app/uninstalled is recorded).',
    flags: {
      store: { value: 'SLUG', help: 'the store to uninstall the app from' },
      app: { value: 'SLUG', help: 'the installed app' },
    },
    required: ['store', 'app'],
    database: 'write',
    load: async () => (await import('./app-commands.js')).appUninstall,
  },
  'review list': {
    summary: "List a store's reviews, newest first, with their ids, status and product (native and imported; every status, or the one --status names).",
    flags: {
      store: { value: 'SLUG', help: 'the store whose reviews to list' },
      status: { value: 'pending|approved|rejected', help: 'only the reviews in this status' },
    },
    required: ['store'],
    database: 'read',
    load: async () => (await import('./review-commands.js')).reviewList,
  },
  'review moderate': {
    summary: "Approve or reject a review; the product's and the store's ratings follow at once, and a running server's storefront shows it.",
    flags: {
      store: { value: 'SLUG', help: 'the store the review belongs to' },
      id: { value: 'ID', help: "the review's id, as review list prints it" },
      status: { value: 'approved|rejected', help: 'the moderation' },
    },
    required: ['store', 'id', 'status'],
    database: 'write',
    load: async () => (await import('./review-commands.js')).reviewModerate,
  },
  'review reply': {
    summary: "Reply to a review as the store (its storefront item's store_reply); replying again replaces the reply, an empty --text takes it down.",
    flags: {
      store: { value: 'SLUG', help: 'the store the review belongs to' },
      id: { value: 'ID', help: "the review's id, as review list prints it" },
      text: { value: 'TEXT', help: 'the reply, up to 2,000 characters; empty takes it down' },
    },
    required: ['store', 'id', 'text'],
    database: 'write',
    load: async () => (await import('./review-commands.js')).reviewReply,
  },
  'review delete': {
    summary: "Delete a review (native or imported); the product's and the store's ratings lose it at once, and a running server's storefront shows it.",
    flags: {
      store: { value: 'SLUG', help: 'the store the review belongs to' },
      id: { value: 'ID', help: "the review's id, as review list prints it" },
    },
    required: ['store', 'id'],
    database: 'write',
    load: async () => (await import('./review-commands.js')).reviewDelete,
  },
  'review settings': {
    summary:
      'Set whether the store-wide rating counts verified purchases only (1, the default) or imports too (0), and whether verified reviews are approved as written.',
    flags: {
      store: { value: 'SLUG', help: 'the store to change' },
      'verified-only': { value: '1|0', help: 'the store rating (store info rating, rating_count) leaves imported reviews out, or counts them' },
      'auto-approve': { value: '1|0', help: "approve a verified purchase's review as it is written, or hold it for moderation (the default)" },
    },
    required: ['store'],
    database: 'write',
    load: async () => (await import('./review-commands.js')).reviewSettings,
  },
  'question list': {
    summary: "List a store's questions, newest first, with their ids, status and answers.",
    flags: { store: { value: 'SLUG', help: 'the store whose questions to list' } },
    required: ['store'],
    database: 'read',
    load: async () => (await import('./review-commands.js')).questionList,
  },
  'question answer': {
    summary: "Answer a question as the store, which publishes it on the product's storefront; answering again replaces the answer.",
    flags: {
      store: { value: 'SLUG', help: 'the store the question belongs to' },
      id: { value: 'ID', help: "the question's id, as question list prints it" },
      text: { value: 'TEXT', help: 'the answer, up to 2000 characters' },
    },
    required: ['store', 'id', 'text'],
    database: 'write',
    load: async () => (await import('./review-commands.js')).questionAnswer,
  },
  'team add': {
    summary: "Add a person to a store's team, as GET /team-directory shows it; an email is on one store's team once.",
    flags: {
      store: { value: 'SLUG', help: 'the store whose team to add to' },
      name: { value: 'NAME', help: 'their name, up to 120 characters' },
      email: { value: 'EMAIL', help: 'their email address (kept lower-case)' },
      role: { value: 'owner|admin|staff|support', help: 'who they are to the store; grants no access (keys do)' },
      phone: { value: 'PHONE', help: 'their phone number (optional)' },
    },
    required: ['store', 'name', 'email', 'role'],
    database: 'write',
    load: async () => (await import('./team-commands.js')).teamAdd,
  },
  'team list': {
    summary: "List a store's team with their ids, owners first.",
    flags: { store: { value: 'SLUG', help: 'the store whose team to list' } },
    required: ['store'],
    database: 'read',
    load: async () => (await import('./team-commands.js')).teamList,
  },
  'team remove': {
    summary: "Remove a person from a store's team.",
    flags: {
      store: { value: 'SLUG', help: 'the store whose team to change' },
      id: { value: 'ID', help: "the member's id, as team list prints it" },
    },
    required: ['store', 'id'],
    database: 'write',
    load: async () => (await import('./team-commands.js')).teamRemove,
  },
  seed: {
    summary: 'Add a generated catalog to a store (240 products, seed 42 by default); the same seed gives the same catalog. Progress goes to stderr.',
    flags: {
      store: { value: 'SLUG', help: 'the store to add products to' },
      products: { value: 'N', help: `how many products to add, 0 to ${maxSeedProducts} (default 240)` },
      seed: { value: 'INT', help: 'the generator seed; the same seed on the same catalog adds the same products (default 42)' },
    },
    required: ['store'],
    database: 'write',
    load: async () => (await import('./seed-command.js')).seed,
  },
  demo: {
    summary:
      "Create and seed the demo store if it is missing, and print its public and private key: the same ones npm start prints, derived from the server's signing secret.",
    flags: {},
    required: [],
    database: 'write',
    load: async () => (await import('./demo-command.js')).demo,
  },
  messages: {
    summary: 'Show the newest messages (sign-in codes, welcomes) sent to an email address or phone number.',
    flags: { to: { value: 'EMAIL|+PHONE', help: 'the recipient: an email address, or a phone number in international form (+15551234567)' } },
    required: ['to'],
    database: 'read',
    load: async () => (await import('./messages-command.js')).messages,
  },
  worker: {
    summary: 'Run the webhook relay alone until SIGINT or SIGTERM (npm start runs one too); several may run on one PostgreSQL. Logs go to stderr.',
    flags: {},
    required: [],
    database: 'read',
    load: async () => (await import('./worker-command.js')).worker,
  },
  version: {
    summary: 'Print the version of Bazaar and of Node.js (also --version); opens no database.',
    flags: {},
    required: [],
    database: 'none',
    load: async () => (await import('./version-command.js')).version,
  },
};
