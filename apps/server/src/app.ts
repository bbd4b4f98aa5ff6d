import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { TAppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { createSharedState } from './state/shared-state.ts';
import { registerErrorHandling } from './plugins/error-handler.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { registerAuthGuard } from './plugins/auth-guard.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { seedsModule } from './modules/seeds/seeds.module.ts';
import { adminUsersModule } from './modules/admin-users/admin-users.module.ts';
import { registerUsageCounter } from './modules/usage/usage.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { betaRoutes } from './modules/beta/beta.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { slackModule } from './modules/slack/slack.module.ts';
import { roomsModule } from './modules/rooms/rooms.module.ts';

/** Paths whose values never reach the logs. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.googleToken',
  '*.code',
];

export type TApp = FastifyInstance & { ctx: TAppContext };

export type TBuildOptions = {
  /** Open resources from outside (tests share one database across apps). */
  database?: TAppContext['database'];
  state?: TAppContext['state'];
  logger?: boolean;
};

export async function buildApp(config: TConfig, opts: TBuildOptions = {}): Promise<TApp> {
  const database = opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const state = opts.state ?? (await createSharedState(config.redisUrl));
  const ctx: TAppContext = { config, database, state };

  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, redact: { paths: REDACT, censor: '[가림]' }, serializers: { req: serializeRequest } },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // While closing, answered keep-alive connections are closed too, so they cannot hold the exit open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // Owned resources close with the app; injected ones belong to the caller.
  app.addHook('onClose', async () => {
    if (!opts.state) await state.close();
    if (!opts.database) await database.close();
  });

  registerErrorHandling(app);
  registerAuthGuard(app);
  await registerUsageCounter(app, database.db);
  await registerSecurityHeaders(app, { google: Boolean(config.google.clientId), hsts: config.isProduction });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '컴퍼니 툴즈 API', description: '컴퍼니 툴즈의 HTTP API', version: '0.1.0' },
      servers: [{ url: config.appUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(systemRoutes, { database, state });
  await app.register(authModule, { ctx });
  await app.register(seedsModule, { ctx });
  await app.register(adminUsersModule, { ctx });
  await app.register(overviewRoutes, { db: database.db });
  await app.register(betaRoutes, { ctx });
  await app.register(siteRoutes, { ctx });
  await app.register(slackModule, { ctx });
  await app.register(roomsModule, { ctx });
  await registerSpa(app, config.webDistDir);

  return app as unknown as TApp;
}
