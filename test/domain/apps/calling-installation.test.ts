import { describe, expect, it } from 'vitest';
import { requireInstallation } from '../../../src/domain/apps/calling-installation.js';
import { appNamespace, collectedTypePrefix } from '../../../src/domain/apps/namespace.js';
import { ApiError } from '../../../src/platform/errors/api-error.js';

const principal = { keyId: 'k', kind: 'private' as const, mode: 'live' as const, scopes: new Set<string>() };

describe('requireInstallation', () => {
  it("answers the calling installation of an installation's key", () => {
    expect(requireInstallation({ principal: { ...principal, installation: { id: 7, appSlug: 'reviews' } } })).toEqual({ id: 7, appSlug: 'reviews' });
  });

  it('refuses a key the merchant minted with 403 forbidden naming what is needed', () => {
    let error: unknown;
    try {
      requireInstallation({ principal: { ...principal, installation: null } });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect({ code: (error as ApiError).code, message: (error as ApiError).message }).toEqual({
      code: 'forbidden',
      message: "This operation needs an app installation's key; keys the merchant minted cannot call it.",
    });
  });
});

describe('the names an installation owns', () => {
  it('is app.{slug}. for metafields and app_{slug}_{installation} for collected types', () => {
    expect(appNamespace('reviews')).toBe('app.reviews.');
    expect(collectedTypePrefix({ id: 12, appSlug: 'stock-sync' })).toBe('app_stock-sync_12');
  });
});
