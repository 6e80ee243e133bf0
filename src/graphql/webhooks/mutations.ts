import { z } from 'zod';
import type { WebhookSubscription as SubscriptionRow } from '../../generated/prisma/client.js';
import type { DeliveryWithAttempts } from '../../domain/webhooks/list-deliveries.js';
import { replayEvent } from '../../domain/webhooks/replay-event.js';
import { rotateShape, subscriptionChangeShape, subscriptionCreateShape, subscriptionLimits } from '../../domain/webhooks/subscription-fields.js';
import { changeSubscription, createSubscription, deleteSubscription, rotateSecret } from '../../domain/webhooks/write-subscription.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { WebhookCreateInput, WebhookDelivery, WebhookSubscription, WebhookUpdateInput } from './types.js';

type WithSecret = { webhook: SubscriptionRow | null; secret: string | null; userErrors: UserErrorShape[] };

const SecretPayload = (name: string) =>
  builder.objectRef<WithSecret>(name).implement({
    fields: (t) => ({
      webhook: t.field({ type: WebhookSubscription, nullable: true, resolve: (p) => p.webhook }),
      secret: t.string({ nullable: true, description: 'The signing secret, answered here only.', resolve: (p) => p.secret }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const WebhookPayload = (name: string) =>
  builder.objectRef<{ webhook: SubscriptionRow | null; userErrors: UserErrorShape[] }>(name).implement({
    fields: (t) => ({
      webhook: t.field({ type: WebhookSubscription, nullable: true, resolve: (p) => p.webhook }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const WebhookReplayPayload = builder.objectRef<{ delivery: DeliveryWithAttempts | null; userErrors: UserErrorShape[] }>('WebhookReplayPayload').implement({
  fields: (t) => ({
    delivery: t.field({ type: WebhookDelivery, nullable: true, resolve: (p) => p.delivery }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

/** A null in the input means the field was not sent, as leaving it out does. */
const sent = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null));
const webhookIdArg = { type: 'UUID', required: true, description: 'The uuid of a subscription of the caller.' } as const;

builder.mutationFields((t) => ({
  webhookCreate: t.field({
    type: SecretPayload('WebhookCreatePayload'),
    ...merchantScope('merchant-webhooks-write'),
    description: 'POST /webhooks. A topic whose resource the key cannot read is a GraphQL error insufficient_scope naming the scope.',
    args: { input: t.arg({ type: WebhookCreateInput, required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(
        () => createSubscription(ctx, parseInput(z.object(subscriptionCreateShape), sent(args.input))),
        inputField,
      );
      return { webhook: result, secret: result?.secret ?? null, userErrors };
    },
  }),
  webhookUpdate: t.field({
    type: WebhookPayload('WebhookUpdatePayload'),
    ...merchantScope('merchant-webhooks-write'),
    description: 'PATCH /webhooks/{webhook}.',
    args: { id: t.arg(webhookIdArg), input: t.arg({ type: WebhookUpdateInput, required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(
        () => changeSubscription(ctx, args.id, parseInput(z.object(subscriptionChangeShape), sent(args.input))),
        inputField,
      );
      return { webhook: result, userErrors };
    },
  }),
  webhookDelete: t.field({
    type: WebhookPayload('WebhookDeletePayload'),
    ...merchantScope('merchant-webhooks-write'),
    description: 'DELETE /webhooks/{webhook}: the deleted subscription as it was.',
    args: { id: t.arg(webhookIdArg) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => deleteSubscription(ctx, args.id), inputField);
      return { webhook: result, userErrors };
    },
  }),
  webhookRotateSecret: t.field({
    type: SecretPayload('WebhookRotateSecretPayload'),
    ...merchantScope('merchant-webhooks-write'),
    description: `POST /webhooks/{webhook}/rotate-secret; overlapSeconds (default ${subscriptionLimits.defaultOverlapSeconds}) is how long the previous secret keeps signing.`,
    args: { id: t.arg(webhookIdArg), overlapSeconds: t.arg.int({ required: false }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(
        async () => {
          const { overlapSeconds } = parseInput(z.object(rotateShape), sent({ overlapSeconds: args.overlapSeconds ?? null }));
          return rotateSecret(ctx, args.id, overlapSeconds ?? subscriptionLimits.defaultOverlapSeconds);
        },
        (field) => field,
      );
      return { webhook: result, secret: result?.secret ?? null, userErrors };
    },
  }),
  webhookReplay: t.field({
    type: WebhookReplayPayload,
    ...merchantScope('merchant-webhooks-write'),
    description: 'POST /webhooks/{webhook}/replay: an event of the last 7 days, of the subscription\u2019s topic, sent again.',
    args: { id: t.arg(webhookIdArg), eventId: t.arg.string({ required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(
        () => replayEvent(ctx, args.id, args.eventId),
        (field) => field,
      );
      return { delivery: result, userErrors };
    },
  }),
}));
