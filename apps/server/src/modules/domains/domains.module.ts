import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';

/** Custom domains (issue 33): host names a seed attaches for its data API, help centre or mail, checked in DNS. */
export const domainsModule: FastifyPluginAsync<{ ctx: TAppContext; jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'> }> = async () => {};
