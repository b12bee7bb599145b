import { sql } from 'drizzle-orm';
import { errorSchema } from '@comanda/core';
import { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Api } from '../../platform/http.ts';

/** GET /health: 200 once the app is up and the database answers; 503 otherwise (load balancers poll it). */
export function healthRoutes(app: Api, deps: { database: Database }) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['postgres', 'pglite']) }),
          503: errorSchema,
        },
      },
      // No budget: the load balancer polls it from its own few addresses, and a refusal would take a
      // healthy node out of rotation. A call costs one `select 1`, no more than counting it would.
      config: { access: { public: true }, rateLimitExempt: 'polled by the load balancer' },
    },
    async (_request, reply) => {
      try {
        await deps.database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: deps.database.kind };
      } catch {
        const error = fail('database_unavailable');
        return reply.status(503).send(error.body);
      }
    },
  );
}
