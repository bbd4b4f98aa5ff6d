import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const ChatbotPage = lazy(() => import('./pages/chatbot-page').then((m) => ({ default: m.ChatbotPage })));

/** /admin/services/ai-chatbot (relative to /admin). */
export const aiChatbotConsoleRoutes: RouteObject[] = [
  {
    path: 'services/ai-chatbot',
    element: (
      <Suspense fallback={<p className="text-sm text-muted-foreground">{ko.common.loading}</p>}>
        <ChatbotPage />
      </Suspense>
    ),
  },
];
