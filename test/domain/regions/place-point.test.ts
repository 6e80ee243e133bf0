import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../src/domain/context.js';
import { distanceKm, placePoint, placementRules, type Point } from '../../../src/domain/regions/place-point.js';
import type { Database } from '../../../src/platform/database/database.js';
import { storeClientOf } from '../../../src/platform/database/store-scoped-client.js';
import { makeStore } from '../../support/stores.js';
import { openTestDatabase } from '../../support/test-app.js';

/**
 * Regions of a made-up country ("ZZ") in the South Pacific, far from every shipped one, so only
 * these rows are in reach: two states with one area each, 0.5° of latitude (about 56 km) apart on
 * one meridian. Along a meridian a degree is a fixed distance, so a point can be put at an exact
 * distance from an area.
 */
const COUNTRY = 'ZZ';
const LNG = -130;
const kmPerDegree = (Math.PI * 6371) / 180;
// Ids of this run: a PostgreSQL test database keeps rows between runs, and the shipped ids are 840… .
const base = 990_000_000 + randomInt(0, 10_000) * 10;
const north = { id: base + 1, name: 'North State' };
const south = { id: base + 2, name: 'South State' };
const northTown = { id: base + 3, name: 'North Town', lat: -40 };
const southTown = { id: base + 4, name: 'South Town', lat: -40.5 };
/** The point `km` north (positive) or south of North Town. */
const fromNorthTown = (km: number): Point => ({ lat: northTown.lat + km / kmPerDegree, lng: LNG });

let database: Database;
let ctx: Ctx;

beforeAll(async () => {
  database = await openTestDatabase();
  const { store } = await makeStore(database);
  ctx = { db: storeClientOf(database.prisma, store.id), store } as unknown as Ctx;
  // Operators load regions; reference rows are not a store's to write, so the test writes them on the unscoped client.
  await database.prisma.region.deleteMany({ where: { countryCode: COUNTRY } });
  await database.prisma.region.createMany({
    data: [
      { ...north, countryCode: COUNTRY, kind: 'state', parentId: null, lat: -39, lng: LNG },
      { ...south, countryCode: COUNTRY, kind: 'state', parentId: null, lat: -41.5, lng: LNG },
      { ...northTown, countryCode: COUNTRY, kind: 'area', parentId: north.id, lng: LNG },
      { ...southTown, countryCode: COUNTRY, kind: 'area', parentId: south.id, lng: LNG },
    ],
  });
});
afterAll(async () => {
  await database.prisma.region.deleteMany({ where: { countryCode: COUNTRY } });
  await database.close();
});

const inNorthTown = { countryCode: COUNTRY, state: north.name, stateId: north.id, city: northTown.name, area: northTown.name, areaId: northTown.id };
const inNorthState = { countryCode: COUNTRY, state: north.name, stateId: north.id, city: null, area: null, areaId: null };
const nowhere = { countryCode: null, state: null, stateId: null, city: null, area: null, areaId: null };

describe('placePoint', () => {
  it('places a point between two areas in the nearer one, with its state', async () => {
    const nearNorth = fromNorthTown(-22);
    const nearSouth = fromNorthTown(-34);
    expect(distanceKm(nearSouth, { lat: southTown.lat, lng: LNG })).toBeCloseTo(21.6, 1);
    expect(await placePoint(ctx, nearNorth)).toEqual(inNorthTown);
    expect(await placePoint(ctx, nearSouth)).toEqual({
      countryCode: COUNTRY,
      state: south.name,
      stateId: south.id,
      city: southTown.name,
      area: southTown.name,
      areaId: southTown.id,
    });
  });

  it('takes an area just inside its 30 km radius, and only the state just outside it', async () => {
    expect(placementRules.areaRadiusKm).toBe(30);
    expect(await placePoint(ctx, fromNorthTown(29.9))).toEqual(inNorthTown);
    expect(await placePoint(ctx, fromNorthTown(30.1))).toEqual(inNorthState);
  });

  it('takes the nearest area’s state just inside 150 km, and nothing just outside', async () => {
    expect(placementRules.stateRadiusKm).toBe(150);
    expect(await placePoint(ctx, fromNorthTown(149.9))).toEqual(inNorthState);
    expect(await placePoint(ctx, fromNorthTown(150.1))).toEqual(nowhere);
  });

  it('derives nothing for a point outside every region', async () => {
    expect(await placePoint(ctx, { lat: -60, lng: -100 })).toEqual(nowhere);
  });
});
