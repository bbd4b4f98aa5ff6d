/** Channel digests inside the Slack module (decision 087): the schedule `slack.digests` and the routes. */
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TRuntime } from './assistant.ts';
import { digestCommandRoutes, digestConsoleRoutes } from './digest.routes.ts';
import { runDueDigests, type TDigestDeps } from './digest.service.ts';

const digestDeps = new WeakMap<TAppContext, TDigestDeps>();
/** The digest dependencies of an app (tests run `runDueDigests` on two instances at once). */
export const digestDepsOf = (ctx: TAppContext) => digestDeps.get(ctx);

export async function registerDigests(app: FastifyInstance, ctx: TAppContext, jobs: Pick<TJobRunner, 'every'>, rt: TRuntime): Promise<void> {
  const state = rt.state ?? ctx.state;
  const deps: TDigestDeps = { db: rt.db, config: rt.config, slack: rt.slack, state, llm: rt.llm, log: rt.log, now: rt.now, stop: rt.stop, meter: rt.meter };
  digestDeps.set(ctx, deps);
  jobs.every('slack.digests', () => runDueDigests(deps));
  const routeDeps = { db: rt.db, config: rt.config, slack: rt.slack, state, now: rt.now };
  await app.register(digestCommandRoutes, routeDeps);
  await app.register(digestConsoleRoutes, routeDeps);
}
