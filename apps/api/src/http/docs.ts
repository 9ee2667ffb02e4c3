// OpenAPI generated from the zod contracts, shown at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A guarded route's `security` in the document: the bearer scheme registered below. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The body of a 204 in the document. */
export const NoContent = z.null().describe('No content');

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Staff app API',
        description:
          'Speaks Django REST Framework conventions: trailing slashes, {"detail"} for general errors, ' +
          '{"field": ["message"]} for validation errors, SimpleJWT token endpoints.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
