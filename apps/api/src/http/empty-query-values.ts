// List screens send a filter left empty (`?role=`); it means "no filter", for every list.
import type { FastifyRequest } from 'fastify';

/** A preValidation hook: drops query values that are the empty string before the schema reads them. */
export async function dropEmptyQueryValues(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) if (value === '') delete query[key];
}
