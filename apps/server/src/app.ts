import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { declareNonJsonMediaTypes } from './plugins/openapi-media-types.ts';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { TAppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { createSharedState } from './state/shared-state.ts';
import { clientErrorHandler, registerErrorHandling } from './plugins/error-handler.ts';
import { apiSecurityHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerDrain } from './plugins/drain.ts';
import { registerInputTextRule } from './plugins/input-text-rule.ts';
import { registerRouteLimits } from './plugins/rate-limit.ts';
import { createDocumentPool } from './lib/document-pool.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { registerAuthGuard } from './plugins/auth-guard.ts';
import {
  anyScopeRequires,
  createAuthDeps,
  findSessionWithUser,
  getPolicy,
  revokeUserSessions,
  sessionIsLive,
  sessionStillActive,
} from './modules/auth/auth.service.ts';
import { roleInSeed } from './modules/seeds/seeds.service.ts';
import { seedLinks } from './modules/seeds/seed-invitations.service.ts';
import { closeStreamsOnShutdown, createEventStreams } from './lib/event-stream.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { createAccessLog, flushErrorsAt, stdoutLog, type TLogDestination } from './lib/request-log.ts';
import { seedsModule } from './modules/seeds/seeds.module.ts';
import { adminUsersModule } from './modules/admin-users/admin-users.module.ts';
import { registerUsageCounter, serviceOf } from './modules/usage/usage.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { betaRoutes } from './modules/beta/beta.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { slackModule } from './modules/slack/slack.module.ts';
import { roomsModule } from './modules/rooms/rooms.module.ts';
import { calendarSyncModule } from './modules/calendar-sync/calendar-sync.module.ts';
import { calendarPushHook } from './modules/calendar-sync/calendar-hooks.service.ts';
import { mealDepsOf, mealModule } from './modules/meal/meal.module.ts';
import { createJobRunner, type TJobRunner } from './lib/jobs/job-runner.ts';
import { createMailer } from './adapters/mailer.ts';
import { systemClock } from './lib/clock.ts';
import { saveToOutbox } from './modules/dev-outbox/dev-outbox.service.ts';
import { devOutboxRoutes } from './modules/dev-outbox/dev-outbox.routes.ts';
import { apiBuilderModule } from './modules/api-builder/api-builder.module.ts';
import { createApiBuilderDeps } from './modules/api-builder/api-builder.deps.ts';
import { createDataApiFastPath, type TDataApiFastPath } from './modules/api-builder/fast-path.ts';
import { DATA_API_ROUTE } from './modules/api-builder/data-api.routes.ts';
import { adminBuilderModule } from './modules/admin-builder/admin-builder.module.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { chatbotModule } from './modules/chatbot/chatbot.module.ts';
import { botsOfSeed } from './modules/chatbot/chatbot.service.ts';
import { knowledgeModule } from './modules/knowledge/knowledge.module.ts';
import { createKnowledgeDeps } from './modules/knowledge/knowledge.deps.ts';
import { activeWorkspaceOfSeed, embeddingBudget } from './modules/slack/workspace.service.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { registerTrafficRecorder, trafficRoutes } from './modules/traffic/traffic.module.ts';
import { monitoringModule } from './modules/monitoring/monitoring.module.ts';
import { createNotificationsDeps } from './modules/notifications/notifications.deps.ts';
import { postWebhook } from './modules/notifications/webhook.ts';
import { alertsModule } from './modules/alerts/alerts.module.ts';
import { createAlertsDeps } from './modules/alerts/alerts.deps.ts';
import { failedJobCount, failingServices, lastBackupAt } from './modules/monitoring/monitoring.service.ts';
import { trafficSummary } from './modules/traffic/traffic.service.ts';
import { watchForwardedFor } from './modules/alerts/alerts.service.ts';
import { unreachableConnections } from './modules/api-builder/connection-check.service.ts';
import { postableWorkspaces, revokedWorkspaces } from './modules/slack/slack-health.service.ts';
import { createSlackNotifier } from './modules/slack/notify.service.ts';
import { listUsers } from './modules/admin-users/admin-users.service.ts';
import { hasSecondFactor } from './modules/auth/second-factor.service.ts';
import { notify } from './modules/notifications/notifications.service.ts';
import { createNoopMeter, createPlanGate } from './lib/metering/meter.ts';
import { createJournalMeter } from './lib/metering/journal.ts';
import { billingModule } from './modules/billing/billing.module.ts';
import { privacyModule } from './modules/privacy/privacy.module.ts';
import { helpModule } from './modules/help/help.module.ts';
import { helpUrlOf } from './modules/help/help-links.ts';
import { helpHandoff } from './modules/help/help-bot-handoff.ts';
import { docsModule } from './modules/docs/docs.module.ts';
import { domainsModule } from './modules/domains/domains.module.ts';
import { connectedHelpOrigins, connectedHost, mailSenderOf } from './modules/domains/domains.service.ts';
import { registerHostRouting, suiteHostCheck } from './modules/domains/host-routing.ts';
import { helpPage } from './modules/domains/host-page.ts';
import { createMailSenderResolver } from './modules/domains/mail-sender.ts';
import { seedsOfApis } from './modules/api-builder/api-builder.service.ts';

/** The release (the root package.json's version, as CHANGELOG.md's newest entry): the OpenAPI document's version. */
const RELEASE = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';

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

/** A hop count becomes the function proxy-addr builds for one (trust the `n` nearest hops); other forms pass as they are. */
function fastifyTrustProxy(value: TConfig['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** The request id: the caller's `x-request-id` when it looks like one, else a fresh UUID. */
function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

export type TApp = FastifyInstance & { ctx: TAppContext; jobs: TJobRunner };

/**
 * How long the HTTP server waits for a client to send a request (slow clients, "slowloris"), on every path: the data
 * API's fast path answers on the same server. The headers must be complete within 20 s of their first byte; the whole
 * request, body included, within 120 s (the largest bodies the app takes are 10 MB uploads — PDF knowledge documents,
 * receipts at the default MEAL_RECEIPT_MAX_BYTES — and behind nginx the body arrives at once, nginx buffers it). These
 * limit receiving the request only: a long answer (a `text/event-stream`, a streamed chatbot answer) is not cut, its
 * request was complete when it started. Node checks open requests against them every 5 s (so a limit can be exceeded
 * by that much) and answers 408 in Korean (plugins/error-handler.ts, clientErrorHandler), then closes the connection.
 * An idle keep-alive connection is closed after Fastify's keepAliveTimeout (72 s, longer than nginx's 60 s upstream
 * idle default if upstream keep-alive is ever turned on; deploy/nginx.conf uses one connection a request today).
 * Constants, not configuration: no name in CONFIG.md fits, and tests shorten them through TBuildOptions.httpLimits.
 */
export const HTTP_LIMITS = { headersTimeoutMs: 20_000, requestTimeoutMs: 120_000, checkIntervalMs: 5_000 };

export type TBuildOptions = {
  /** Open resources from outside (tests share one database across apps). */
  database?: TAppContext['database'];
  state?: TAppContext['state'];
  logger?: boolean;
  /** Where the log lines go (tests read them); default standard output, buffered (lib/request-log.ts). */
  logDestination?: TLogDestination;
  /** The clock for time-based rules, the job runner and the modules that take one (tests move it); default the system clock. */
  now?: () => Date;
  /** The slow-client limits above (HTTP_LIMITS); tests shorten them. */
  httpLimits?: Partial<typeof HTTP_LIMITS>;
};

export async function buildApp(config: TConfig, opts: TBuildOptions = {}): Promise<TApp> {
  const database = opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize }));
  const state = opts.state ?? (await createSharedState(config.redisUrl));
  const documents = createDocumentPool(config.documents);
  const now = opts.now ?? systemClock;
  const streams = await createEventStreams({
    state,
    sessionLive: (sessionId, userId) => sessionStillActive(database.db, sessionId, userId, now(), config.session.idleTimeoutMs),
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    print: config.env === 'test' ? 'off' : config.isProduction ? 'headers' : 'full',
    sink: config.isProduction ? undefined : (mail) => saveToOutbox(database.db, mail),
    // A seed's customers get its mail from its own connected mail domain, DKIM-signed (issue 33).
    senders: createMailSenderResolver({
      db: database.db,
      mailFrom: config.mailFrom,
      mailDomainOf: (seedId) => mailSenderOf(database.db, seedId, config.encryptionKey),
      onError: (err, seedId) => app.log.warn({ err, seedId }, 'mail sender: lookup failed; sent from MAIL_FROM'),
    }),
  });
  // Billable events (issue 31, decision 058): journaled before each answer leaves, flushed by the billing module.
  const meter = config.billingMetering
    ? createJournalMeter({
        dir: `${config.dataDir}/metering`,
        now,
        log: { error: (o, m) => app.log.error(o, m), warn: (o, m) => app.log.warn(o, m) },
      })
    : createNoopMeter();
  const ctx: TAppContext = { config, database, state, documents, streams, now, mailer, meter, planGate: createPlanGate() };
  const fast: { path?: TDataApiFastPath } = {};
  const logDestination = opts.logDestination ?? stdoutLog();
  const accessLog = createAccessLog({ dest: logDestination, level: opts.logger === false ? 'silent' : config.logLevel, sampleRate: config.logSampleRate });
  // A seed's own host names take the full path, where the host-routing hook decides what they reach (issue 33).
  const isSuiteHost = suiteHostCheck(config);

  const app = Fastify({
    // One buffered, asynchronous destination and one access line a request, written in onResponse below (decision 076).
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[가림]' },
            serializers: { req: serializeRequest },
            stream: logDestination,
            hooks: { logMethod: flushErrorsAt(logDestination) },
          },
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    // The data API's cache hits and function calls are answered before Fastify when they can be (modules/api-builder/fast-path.ts); every
    // other request, and every hit the fast path declines, goes to Fastify as before. The server settings are the ones
    // Fastify gives its own server, with the slow-client limits (HTTP_LIMITS) for both paths.
    serverFactory: (handler, fastifyOptions) => {
      const options = fastifyOptions as { keepAliveTimeout?: number; connectionTimeout?: number; maxRequestsPerSocket?: number };
      const limits = { ...HTTP_LIMITS, ...opts.httpLimits };
      const timeouts = {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: limits.checkIntervalMs,
      };
      const server = http.createServer(timeouts, (req, res) => {
        const fastPath = fast.path;
        if (fastPath && (req.method === 'GET' || req.method === 'POST') && req.url?.startsWith('/api/v1/') && isSuiteHost(req.headers.host)) {
          void fastPath(req, res).then((answered) => answered || handler(req, res));
          return;
        }
        handler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    clientErrorHandler,
    bodyLimit: 1_048_576,
    // Requests that reach a closing instance on an open connection are served, not refused: nginx would not retry a
    // refused POST. Draining before the close keeps new ones away (plugins/drain.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  // Per-request hooks are plain callbacks, not async functions: no promise per hook per request (decision 023).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // The access line: one a request (Fastify's own two are off), the data API's successes sampled by LOG_SAMPLE_RATE.
  app.addHook('onResponse', (request, reply, done) => {
    if (accessLog.keep(request.routeOptions.url === DATA_API_ROUTE, reply.statusCode)) {
      accessLog.write({
        reqId: request.id,
        method: request.method,
        url: request.url,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
        status: reply.statusCode,
        responseTime: reply.elapsedTime,
      });
    }
    done();
  });
  // While closing, answered keep-alive connections are closed too, so they cannot hold the exit open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  closeStreamsOnShutdown(app, streams);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // Owned resources close with the app; injected ones belong to the caller.
  app.addHook('onClose', async () => {
    await documents.close();
    if (!opts.state) await state.close();
    if (!opts.database) await database.close();
  });

  // Errors that have a help article carry its address (issue 33).
  registerErrorHandling(app, { helpUrlOf });
  const draining = registerDrain(app);
  registerInputTextRule(app);
  // Advisors: a request with X-Forwarded-For while TRUST_PROXY is unset is noted (at most once a minute).
  watchForwardedFor(app, { state, config, now, log: app.log });
  await registerRouteLimits(app, state);
  // The guard reads sessions, policies and seed roles through the auth and seeds modules' public files (wired here).
  registerAuthGuard(app, {
    findSessionWithUser,
    sessionIsLive,
    revokeUserSessions: (db, userId, reason) => revokeUserSessions(db, userId, reason, now()),
    getPolicy,
    anyScopeRequires,
    roleInSeed,
  });
  // One job runner for all deferred and periodic work (lib/jobs, decision 013): modules register their job kinds and
  // schedules on it. It starts when the app is ready and stops (waiting for work in progress) before the app closes.
  const jobs = createJobRunner({ db: database.db, log: app.log, intervalMs: config.jobsIntervalMs, now, state });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => {
    await jobs.stop();
    mailer.close();
  });
  const usage = await registerUsageCounter(app, database.db, jobs, now);
  const observe = registerMetrics(app, { token: config.metricsToken, database, now });
  // Traffic for the monitoring page (issue 30): every answered /api request into per-minute tallies, flushed every 15 s.
  const traffic = await registerTrafficRecorder(app, ctx, jobs, config.trafficRecording);
  await registerSecurityHeaders(app, { google: Boolean(config.google.clientId), hsts: config.isProduction, tossSdkUrl: config.billing.toss?.sdkUrl });
  // Routing by Host (issue 33): a seed's connected host reaches only its data API, or its help page and chatbot.
  const hostRouting = registerHostRouting(app, {
    config,
    connectedHost: (host) => connectedHost(database.db, host),
    seedOfApi: async (apiId) => (await seedsOfApis(database.db, [apiId])).get(apiId) ?? null,
    botsOfSeed: async (seedId) => (await botsOfSeed(database.db, seedId)).map((b) => b.id),
    helpPage: (seedId, q) => helpPage(database.db, seedId, q),
    helpOrigins: (seedId) => connectedHelpOrigins(database.db, seedId),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '컴퍼니 툴즈 API', description: '컴퍼니 툴즈의 HTTP API', version: RELEASE },
      servers: [{ url: config.appUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (doc) => declareNonJsonMediaTypes('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(systemRoutes, { database, state });
  // The notification service (decision 051): built once, handed to every module that notifies people through it.
  const slackNotifier = createSlackNotifier(database.db, config);
  const notificationsDeps = createNotificationsDeps(ctx, app.log, jobs, { dm: (seedId, email, text) => slackNotifier.dm(seedId, email, text) });
  // One set of account-system deps (token service, rate limiter, mailer, OAuth clients) for the modules that use it.
  const authDeps = createAuthDeps(ctx, app.log, seedLinks, (event, input) => notify(notificationsDeps, event, input));
  await app.register(authModule, { ctx, deps: authDeps, jobs });
  // Outside production, the mails the app would have sent (/dev/outbox).
  if (!config.isProduction) await app.register(devOutboxRoutes, { db: database.db });
  await app.register(seedsModule, { ctx, deps: authDeps });
  await app.register(adminUsersModule, { ctx, deps: authDeps, jobs });
  await app.register(overviewRoutes, { db: database.db, now });
  await app.register(betaRoutes, { ctx });
  await app.register(siteRoutes, { ctx });
  // Knowledge (decision 036): one home for sources, passages, vectors and their jobs; the chatbot and Slack modules
  // receive what they use of it, and it reads the seed's chatbots and Slack workspace through their services.
  const knowledgeDeps = createKnowledgeDeps(ctx, app.log, jobs, {
    seedTargets: async (seedId) => {
      const [chatbots, slack] = await Promise.all([botsOfSeed(database.db, seedId), activeWorkspaceOfSeed(database.db, seedId)]);
      return { chatbots, slack };
    },
    budget: embeddingBudget(database.db, meter),
  });
  await app.register(knowledgeModule, { ctx, deps: knowledgeDeps, jobs });
  await app.register(slackModule, {
    ctx,
    jobs,
    knowledge: knowledgeDeps,
    actions: { notifications: notificationsDeps, onBookingChange: calendarPushHook(jobs, now), meal: () => mealDepsOf(ctx) },
  });
  // Calendar sync (issue 37): every booking change of an organiser with a connected calendar enqueues its push.
  await app.register(roomsModule, { ctx, jobs, notifications: notificationsDeps, onBookingChange: calendarPushHook(jobs, now) });
  await app.register(calendarSyncModule, { ctx, jobs, notifications: notificationsDeps });
  await app.register(mealModule, { ctx, jobs, now, notifications: notificationsDeps });
  // One set of API-builder deps (pools, caches, runtime) shared with the admin-page builder, which calls the data API in process.
  const apiBuilderDeps = createApiBuilderDeps(ctx, app.log, notificationsDeps);
  await app.register(apiBuilderModule, { ctx, deps: apiBuilderDeps, jobs });
  // The data API's own security headers (decision 103), as its framework routes get them (plugins/security-headers.ts).
  const headers = apiSecurityHeaders({ google: Boolean(config.google.clientId), hsts: config.isProduction });
  fast.path = createDataApiFastPath(apiBuilderDeps, {
    headers,
    requestId: requestIdOf,
    busy: () => closing || draining(),
    answered: ({ requestId, method, url, route, status, ms, host, remoteAddress, remotePort, apiId, cache }) => {
      observe?.(method, route, status, ms / 1000);
      if (config.trafficRecording) traffic.record(method, route, `api:${apiId.toLowerCase()}`, status, ms, cache);
      const service = serviceOf(route);
      if (service) usage.record(service, null);
      // The access line the onResponse hook writes (method, redacted URL, host, address).
      if (accessLog.keep(true, status)) accessLog.write({ reqId: requestId, method, url, host, remoteAddress, remotePort, status, responseTime: ms });
    },
  });
  await app.register(adminBuilderModule, { ctx, apiBuilder: apiBuilderDeps });
  await app.register(chatbotModule, {
    ctx,
    jobs,
    outside: {
      mailer,
      jobs,
      refetch: knowledgeDeps.refetch,
      notifications: notificationsDeps,
      extraOrigins: hostRouting.helpOrigins,
      // The help centre's 문의하기 hands off to the operator's address (issue 33).
      onHandoff: helpHandoff(ctx, app.log),
      // Lookups (issue 29) read tables published by the API builder, in process.
      apiBuilder: apiBuilderDeps,
    },
  });
  await app.register(integrationsRoutes, { config });
  // Notifications (decision 051): preferences, inbox and deliveries, with the deps the modules above notify through.
  await app.register(notificationsModule, { ctx, jobs, deps: notificationsDeps });
  // Monitoring, health part (issue 30): heartbeats, outside services, jobs and the database page.
  await app.register(monitoringModule, { ctx, jobs });
  // Monitoring, traffic part (issue 30): traffic, spend and a seed's own slice, from the recorder registered above.
  await app.register(trafficRoutes, { ctx });
  // Advisors and alerts (issue 30): they judge figures the other modules keep, read through those modules' services.
  const alertsDeps = createAlertsDeps(ctx, app.log, jobs, {
    postWebhook,
    slack: { targets: () => postableWorkspaces(database.db), post: (seedId, channel, text) => slackNotifier.post(seedId, channel, text) },
    sources: {
      trafficSummary: async (since, until) => {
        const f = await trafficSummary(database.db, { since, until, now: now() });
        return { requests: f.requests, serverErrors: f.serverErrors, p95Ms: f.p95 };
      },
      failedJobCount: (since) => failedJobCount({ ctx }, since),
      failingServices: async () => (await failingServices({ ctx })).map((s) => ({ service: s.service, failuresInRow: s.failuresInRow })),
      lastBackupAt: () => lastBackupAt({ ctx }),
      unreachableConnections: () => unreachableConnections(ctx),
      revokedSlackWorkspaces: () => revokedWorkspaces(database.db, now()),
      adminsWithoutSecondFactor: async () => {
        const admins = await listUsers(database.db, { role: 'admin', status: 'active', sort: 'created_at', order: 'asc', page: 1, limit: 100 }, now());
        const without = await Promise.all(admins.data.map(async (u) => ((await hasSecondFactor(authDeps, u.id)) ? null : u.email)));
        return without.filter((e): e is string => e !== null);
      },
    },
  });
  await app.register(alertsModule, { ctx, jobs, deps: alertsDeps });
  // Billing (issue 31): plans, metered usage, payments (Toss), dunning, invoices and 세금계산서 (Popbill), notifying
  // seed owners through the notification service.
  await app.register(billingModule, { ctx, jobs, notifications: notificationsDeps });
  // Privacy (issue 32): the data map, self-service export and deletion, consents, seed owners' requests, access records.
  await app.register(privacyModule, { ctx, jobs, auth: authDeps, notifications: notificationsDeps });
  // Help centre, developer documentation and custom domains (issue 33).
  await app.register(helpModule, { ctx, jobs });
  await app.register(docsModule, { ctx });
  await app.register(domainsModule, { ctx, jobs });
  // The journal's last events are written on close (after the job runner stopped), before an owned database closes.
  await app.register(async (child) => {
    child.addHook('onClose', async () => {
      await meter.close().catch((err: unknown) => app.log.error({ err }, 'metering: last flush failed; the journal is replayed at the next start'));
    });
  });
  await registerSpa(app, config.webDistDir);

  return app as unknown as TApp;
}
