/**
 * The getting-started checklist of a seed (issue 33): per service, steps that tick themselves from the seed's real
 * state, read through each module's getting-started service (a room exists, a key has answered a call, …).
 */
import { ko, type THelpChecklist, type THelpService } from '@suite/shared';
import type { TDb } from '../../db/client.ts';
import { memberFacts } from '../seeds/getting-started.service.ts';
import { activeWorkspaceOfSeed } from '../slack/workspace.service.ts';
import { roomFacts } from '../rooms/getting-started.service.ts';
import { mealFacts } from '../meal/getting-started.service.ts';
import { apiBuilderFacts } from '../api-builder/getting-started.service.ts';
import { adminBuilderFacts } from '../admin-builder/getting-started.service.ts';
import { chatbotFacts } from '../chatbot/getting-started.service.ts';

const t = ko.help.checklist;

/** The article that explains a service's first steps, when one exists (slug), by service. */
export type TArticleFor = (service: THelpService) => string | undefined;

export async function checklistOf(db: TDb, seedId: string, consoleOrigin: string, articleFor: TArticleFor): Promise<THelpChecklist> {
  const [members, slack, rooms, meal, api, admin, bot] = await Promise.all([
    memberFacts(db, seedId),
    activeWorkspaceOfSeed(db, seedId),
    roomFacts(db, seedId),
    mealFacts(db, seedId),
    apiBuilderFacts(db, seedId),
    adminBuilderFacts(db, seedId),
    chatbotFacts(db, seedId, consoleOrigin),
  ]);
  const item = (service: THelpService, id: keyof typeof t.items, done: boolean, href: string) => {
    const articleSlug = articleFor(service);
    return { id, title: t.items[id], done, href, ...(articleSlug ? { articleSlug } : {}) };
  };
  const group = (service: keyof typeof t.services, items: ReturnType<typeof item>[]) => ({ service, title: t.services[service], items });
  return {
    services: [
      group('start', [item('start', 'inviteMember', members.members > 1, '/admin/seeds')]),
      group('slack', [item('slack', 'connectSlack', slack !== null, '/admin/services/slack-ai')]),
      group('rooms', [
        item('rooms', 'createRoom', rooms.room, '/admin/services/schedule/settings'),
        item('rooms', 'firstBooking', rooms.booking, '/admin/services/schedule'),
      ]),
      group('meal', [item('meal', 'firstMeal', meal.round, '/admin/services/meal')]),
      group('api-builder', [
        item('api-builder', 'addConnection', api.connection, '/admin/services/api-builder/settings'),
        item('api-builder', 'publishApi', api.api, '/admin/services/api-builder/apis'),
        item('api-builder', 'createKey', api.key, '/admin/services/api-builder/apis'),
        item('api-builder', 'firstCall', api.keyUsed, '/admin/services/api-builder/test'),
      ]),
      group('admin-builder', [item('admin-builder', 'createAdminApp', admin.app, '/admin/services/admin-builder')]),
      group('chatbot', [
        item('chatbot', 'createBot', bot.bot, '/admin/services/ai-chatbot'),
        item('chatbot', 'addKnowledge', bot.source, '/admin/services/ai-chatbot'),
        item('chatbot', 'installWidget', bot.installed, '/admin/services/ai-chatbot'),
      ]),
    ],
  };
}
