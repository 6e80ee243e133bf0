/** The webhook subscriptions' own events: the subscription's uuid and its topic. */
export interface WebhookEvents {
  'webhook_subscriptions/create': { id: string; topic: string };
  'webhook_subscriptions/update': { id: string; topic: string };
  'webhook_subscriptions/delete': { id: string; topic: string };
}
