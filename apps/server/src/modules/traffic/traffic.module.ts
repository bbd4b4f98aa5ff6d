/**
 * Traffic (issue 30): the recorder on every answered /api request, its flush and retention schedules, and the
 * monitoring routes for traffic, spend and a seed's slice. buildApp registers the recorder before the modules (its
 * hook sees every route) and the routes with the other modules.
 */
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { observeMailReservations } from '../../lib/mail-quota.ts';
import { seedsOfApis } from '../api-builder/api-builder.service.ts';
import { createTrafficRecorder, type TTrafficRecorder } from './recorder.ts';
import { seedNames } from '../seeds/seeds.service.ts';
import { addTraffic } from './traffic.repository.ts';
import { purgeOldTraffic } from './traffic.service.ts';

export { trafficRoutes } from './traffic.routes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Probes and scrapes are not traffic worth charting (as the usage counter, modules/usage). */
const NOT_RECORDED = /^\/api\/(health|ready|metrics|docs|openapi\.json)(\/|$)/;
const DATA_API = /^\/api\/v1\/:apiId\//;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    traffic: TTrafficRecorder;
  }
}

/**
 * The seed reference of a request: its route's :seedId, `api:<id>` for a data-API call, or ''. Only the shape is
 * checked here; the recorder counts a 401/403/404 for no seed and drops seeds that do not exist at flush time, and
 * for a :seedId route the hook leaves out a signed-out caller's other refusals (a 400 or 429 before any guard looked
 * at the seed). A data-API call has no signed-in user (its key or public access decides), so only the status counts.
 */
function seedRefOf(route: string, params: unknown, signedInOrAnswered: boolean): string {
  if (!route.includes(':seedId') && !DATA_API.test(route)) return '';
  const p = params as { seedId?: unknown; apiId?: unknown } | undefined;
  if (typeof p?.seedId === 'string' && UUID.test(p.seedId)) return signedInOrAnswered ? p.seedId.toLowerCase() : '';
  if (typeof p?.apiId === 'string' && UUID.test(p.apiId)) return `api:${p.apiId.toLowerCase()}`;
  return '';
}

/**
 * Records every answered /api request on the root app (call once, before the modules); `enabled: false`
 * (TRAFFIC_RECORDING=false) leaves the hook out, the recorder then records nothing and the schedules still run.
 */
export async function registerTrafficRecorder(
  app: FastifyInstance,
  ctx: TAppContext,
  jobs: Pick<TJobRunner, 'every'>,
  enabled = true,
): Promise<TTrafficRecorder> {
  const db = ctx.database.db;
  // The seeds among these ids that exist (the seeds service's names lookup, 1,000 ids a query).
  const existingSeeds = async (ids: string[]) => {
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 1000) for (const id of (await seedNames(db, ids.slice(i, i + 1000))).keys()) found.add(id);
    return found;
  };
  const recorder = createTrafficRecorder(
    { write: (batch) => addTraffic(db, batch), seedsOfApis: (ids) => seedsOfApis(db, ids), existingSeeds },
    app.log,
    ctx.now,
  );
  app.decorate('traffic', recorder);
  jobs.every('traffic.flush', recorder.flush);
  jobs.every('traffic.purge', async () => {
    await purgeOldTraffic(db, ctx.now());
  });
  observeMailReservations(ctx.state, recorder.recordMails);
  if (enabled) {
    const routes = new Map<string, boolean>();
    app.addHook('onResponse', (request, reply, done) => {
      const pattern = request.routeOptions.url;
      let route: string | undefined;
      if (pattern) {
        let recorded = routes.get(pattern);
        if (recorded === undefined) {
          recorded = pattern.startsWith('/api/') && !NOT_RECORDED.test(pattern);
          routes.set(pattern, recorded);
        }
        if (recorded) route = pattern;
      } else if (request.url.startsWith('/api/')) route = '(unmatched)';
      if (route) {
        const cache = route.startsWith('/api/v1/') ? reply.getHeader('x-cache') : undefined;
        recorder.record(
          request.method,
          route,
          pattern ? seedRefOf(pattern, request.params, reply.statusCode < 400 || Boolean(request.user)) : '',
          reply.statusCode,
          reply.elapsedTime,
          cache === 'HIT' || cache === 'MISS' ? cache : undefined,
        );
      }
      done();
    });
  }
  // The last tallies are written on close, in a child plugin: its onClose runs before the root's (which closes an owned database).
  await app.register(async (child) => {
    child.addHook('onClose', async () => recorder.flush());
  });
  return recorder;
}
