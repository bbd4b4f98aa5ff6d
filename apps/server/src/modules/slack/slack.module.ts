import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TRuntime } from './assistant.ts';
import { slackEventRoutes } from './events.routes.ts';
import { setRoomsChatSender } from '../rooms/rooms-chat.service.ts';
import { createIntake } from './intake.ts';
import { conversationIndexes, createConversationIndex } from './conversations-index.ts';
import { roomsChatSender } from './rooms-chat.ts';
import { createLlm } from '../../adapters/llm.ts';
import { createSlackApi } from './slack-api.ts';
import { slackRoutes } from './slack.routes.ts';
import { slackPdfRoutes } from './pdf.routes.ts';
import { createWorker, type TWorker } from './worker.ts';
import { registerDigests } from './digest.module.ts';
import type { TRefetch, TVectorIndex } from '../knowledge/knowledge.service.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { slackActions, type TSlackActionsOptions } from './actions.setup.ts';

const workers = new WeakMap<TAppContext, TWorker>();
/** The app whose sender the rooms module's chat hook holds (one process-wide hook; the latest app registers). */
let roomsHookOwner: TAppContext | undefined;
/** The background worker of an app (tests wait for it to be idle). */
export const slackWorkerOf = (ctx: TAppContext) => workers.get(ctx);

/** From the knowledge module (decision 036): its vector index and the re-fetch schedule of web pages. */
export type TSlackKnowledge = { vectors: TVectorIndex; refetch: TRefetch };

/** Chat AI for Slack (issue 6): connecting, the Events API, the assistant's background work and the console API. */
export const slackModule: FastifyPluginAsync<{
  ctx: TAppContext;
  jobs: Pick<TJobRunner, 'every' | 'enqueue' | 'cancel'>;
  knowledge: TSlackKnowledge;
  /** Actions from Slack on rooms and meals (decision 088); absent: mentions are only answered. */
  actions?: TSlackActionsOptions;
}> = async (app, { ctx, jobs, knowledge, actions: actionOpts }) => {
  const { config, database, state } = ctx;
  const { vectors, refetch } = knowledge;
  const slack = createSlackApi({ apiUrl: config.slack.apiUrl });
  const llm = createLlm({ ...config.llm });
  const abort = new AbortController();
  const actions = actionOpts ? slackActions(ctx, app.log, jobs, slack, actionOpts) : undefined;
  const runtime: TRuntime = {
    db: database.db,
    config,
    slack,
    llm,
    vectors,
    log: app.log,
    stop: abort.signal,
    now: ctx.now,
    meter: ctx.meter,
    state,
    actions: actions?.deps,
  };
  // The intake and the worker need each other: the intake hands stored mentions over, the worker yields to arrivals.
  const worker = createWorker(runtime, state, abort, { concurrency: database.kind === 'pglite' ? 1 : 4, arriving: () => intake.arriving() });
  // PGlite: the intake lets a burst of events pass before writing it (intake.ts); PostgreSQL writes at once.
  const intake = createIntake(database.db, ctx.now, worker, app.log, database.kind === 'pglite' ? { quietMs: 5, maxMs: 40 } : undefined);
  jobs.every('slack.sweep-pending', () => worker.sweepStale());
  // Conversations as knowledge (decision 085): marked threads re-indexed every minute; the retention purge takes their passages.
  const conversations = createConversationIndex({ db: database.db, slack, encryptionKey: config.encryptionKey, log: app.log, now: ctx.now });
  conversationIndexes.set(ctx, conversations);
  jobs.every('slack.conversations-index', () => conversations.run());
  jobs.every('slack.mirror-retention', async () => {
    await worker.purgeMirror();
    await actions?.purge();
    await conversations.purge();
  });
  setRoomsChatSender(roomsChatSender(database.db, config, slack));
  roomsHookOwner = ctx;
  app.addHook('onClose', async () => {
    if (roomsHookOwner === ctx) {
      setRoomsChatSender(undefined);
      roomsHookOwner = undefined;
    }
    await intake.flush().catch(() => undefined);
    await worker.close();
  });
  workers.set(ctx, worker);
  // The Slack console's web pages are re-fetched on the knowledge module's schedule, like the chatbot's.
  await app.register(slackRoutes, { db: database.db, config, slack, vectors, refetch, now: ctx.now });
  await app.register(slackPdfRoutes, { db: database.db, vectors, documents: ctx.documents });
  // Channel digests (decision 087): the `slack.digests` schedule, /api/slack/commands and the console's digest routes.
  await registerDigests(app, ctx, jobs, runtime);
  await app.register(slackEventRoutes, { config, state, intake, now: ctx.now, blockActions: actions?.blockActions });
};
