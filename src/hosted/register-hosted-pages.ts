import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app/app-deps.js';
import { registerCheckoutPage } from './checkout-page.js';
import { registerLiveStatus } from './live-status.js';
import type { LiveEvents } from '../platform/live/live-events.js';
import { registerPayPage } from './pay-page.js';
import { testPaymentProvider } from '../domain/payments/test-provider.js';

/** The pages Bazaar serves to shoppers' browsers, in one scope that reads HTML form posts. */
export async function registerHostedPages(app: FastifyInstance, deps: AppDeps, live: LiveEvents) {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    registerCheckoutPage(scope, deps);
    registerLiveStatus(scope, deps, live);
    // The test provider's pay page exists only where the test provider takes the payments.
    if (deps.payments === testPaymentProvider) registerPayPage(scope, deps);
  });
}
