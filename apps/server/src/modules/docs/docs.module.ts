import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';

/** Developer documentation (issue 33, /admin/docs): guides with tested samples and the changelog. */
export const docsModule: FastifyPluginAsync<{ ctx: TAppContext }> = async () => {};
