import { scope } from '../../../auth/requirements.js';
import { adjustInventory } from '../../../domain/inventory/adjust-inventory.js';
import { listAdjustments, productHistory } from '../../../domain/inventory/list-adjustments.js';
import { listInventory } from '../../../domain/inventory/list-inventory.js';
import { listLevels } from '../../../domain/inventory/list-levels.js';
import type { KeysetPage } from '../../../domain/pagination/keyset-page.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentAdjustment, presentInventorySummary, presentLevel } from './presenters.js';
import {
  adjustedLevelAnswer,
  adjustmentBatchAnswer,
  adjustmentBatchBody,
  adjustmentBody,
  adjustmentListAnswer,
  adjustmentListQuery,
  historyParams,
  historyQuery,
  inventoryListAnswer,
  inventoryListQuery,
  levelListAnswer,
  levelListQuery,
} from './schemas.js';

function listOf<Row>(message: string, page: KeysetPage<Row>, present: (row: Row) => unknown) {
  return { body: list(message, page.rows.map(present), page) };
}

export const inventoryRoutes = [
  defineRoute({
    method: 'GET',
    url: '/inventory',
    operationId: 'listInventory',
    tag: 'Inventory',
    summary: "Each product's stock at a glance, by product id",
    auth: scope('merchant-inventory-read'),
    query: inventoryListQuery,
    answer: inventoryListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => listOf('Inventory', await listInventory(ctx, query), presentInventorySummary),
  }),
  defineRoute({
    method: 'GET',
    url: '/inventory/levels',
    operationId: 'listInventoryLevels',
    tag: 'Inventory',
    summary: 'The level of every stock item (each variant, or a product sold as itself), by product id then variant id',
    auth: scope('merchant-inventory-read'),
    query: levelListQuery,
    answer: levelListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => listOf('Inventory levels', await listLevels(ctx, query), presentLevel),
  }),
  defineRoute({
    method: 'POST',
    url: '/inventory/levels/adjustments',
    operationId: 'adjustInventoryLevel',
    tag: 'Inventory',
    summary: 'Adjust one level by a delta or set it to a counted quantity',
    description: 'Answers the level as it now stands and the ledger entry written.',
    auth: scope('merchant-inventory-update'),
    body: adjustmentBody,
    answer: adjustedLevelAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const { adjustments, levels } = await adjustInventory(ctx, [body], (_index, field) => field);
      return { status: 201, body: single('Inventory adjusted', { level: presentLevel(levels[0]!), adjustment: presentAdjustment(adjustments[0]!) }) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/inventory/adjustments',
    operationId: 'adjustInventory',
    tag: 'Inventory',
    summary: 'Adjust up to 100 levels at once, all or nothing',
    auth: scope('merchant-inventory-update'),
    body: adjustmentBatchBody,
    answer: adjustmentBatchAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const { adjustments, levels } = await adjustInventory(ctx, body.items, (index, field) => `items.${index}.${field}`);
      return {
        status: 201,
        body: single('Inventory adjusted', { adjustments: adjustments.map(presentAdjustment), levels: levels.map(presentLevel) }),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/inventory/adjustments',
    operationId: 'listInventoryAdjustments',
    tag: 'Inventory',
    summary: "The store's inventory ledger, newest first",
    auth: scope('merchant-stock_adjustments-read'),
    query: adjustmentListQuery,
    answer: adjustmentListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => listOf('Inventory adjustments', await listAdjustments(ctx, query), presentAdjustment),
  }),
  defineRoute({
    method: 'GET',
    url: '/inventory/products/:product/history',
    operationId: 'getInventoryHistory',
    tag: 'Inventory',
    summary: "A product's inventory ledger, oldest first; each item's entries add up to its level",
    auth: scope('merchant-inventory-detail'),
    params: historyParams,
    query: historyQuery,
    answer: adjustmentListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { params, query }) => listOf('Inventory history', await productHistory(ctx, { product: params.product, ...query }), presentAdjustment),
  }),
];
