import { customer } from '../../../auth/requirements.js';
import { addAddress, deleteAddress, listAddresses, makeDefaultAddress } from '../../../domain/customers/addresses/saved-addresses.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { messageOnlyAnswer } from '../auth/schemas.js';
import { presentSavedAddress } from './presenters.js';
import { addressAnswer, addressCreateBody, addressListAnswer, addressParams } from './schemas.js';

export const addressRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/addresses',
    operationId: 'listSavedAddresses',
    tag: 'Addresses',
    summary: "The shopper's saved addresses (the account's, at every store), the default first, then newest first",
    auth: customer,
    answer: addressListAnswer,
    handle: async (ctx) => ({ body: single('Saved addresses', (await listAddresses(ctx)).map(presentSavedAddress)) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/store/addresses',
    operationId: 'createSavedAddress',
    tag: 'Addresses',
    summary: 'Save an address; its country, state, city, area and their ids are derived from the point',
    description: 'The first address is the default. An account keeps at most 50 (422 limit_reached past that).',
    auth: customer,
    body: addressCreateBody,
    answer: addressAnswer,
    status: 201,
    handle: async (ctx, { body }) => ({ body: single('Address saved', presentSavedAddress(await addAddress(ctx, body))) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/store/addresses/:id',
    operationId: 'deleteSavedAddress',
    tag: 'Addresses',
    summary: 'Delete a saved address; deleting the default makes the newest remaining address the default',
    auth: customer,
    params: addressParams,
    answer: messageOnlyAnswer,
    handle: async (ctx, { params }) => {
      await deleteAddress(ctx, params.id);
      return { body: { status: 'success', message: 'Address deleted' } };
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/store/addresses/:id/default',
    operationId: 'setDefaultSavedAddress',
    tag: 'Addresses',
    summary: 'Make a saved address the default',
    auth: customer,
    params: addressParams,
    answer: addressAnswer,
    handle: async (ctx, { params }) => ({ body: single('Default address set', presentSavedAddress(await makeDefaultAddress(ctx, params.id))) }),
  }),
];
