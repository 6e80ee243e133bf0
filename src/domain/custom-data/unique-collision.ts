import { Prisma } from '../../generated/prisma/client.js';

/** Whether a create lost a race on one of `model`'s unique indexes: the other create committed first. */
export function isUniqueCollision(error: unknown, model: Prisma.ModelName): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return false;
  return (error.meta as { modelName?: string } | undefined)?.modelName === model;
}
