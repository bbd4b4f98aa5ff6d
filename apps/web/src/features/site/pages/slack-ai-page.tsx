import { Brain, MessageSquareText, Search } from 'lucide-react';
import { koSite } from '@suite/shared/messages/ko-site';
import { useLoginPrompt } from '@/components/use-login-prompt';
import { SlackConnectButton } from '@/features/slack-ai/components/connect-button';
import { useSession } from '@/lib/session';
import { useSeo } from '@/lib/seo';
import { ServicePage } from '../components/service-page';

const t = koSite.slackAi;

export function SlackAiPage() {
  useSeo({ title: koSite.meta.slackAi.title, description: koSite.meta.slackAi.description });
  const { requireLogin, loginPrompt } = useLoginPrompt();
  const { isAuthenticated } = useSession();
  return (
    <>
      <ServicePage
        service="slack-ai"
        badge={{ text: t.badge, variant: 'new' }}
        title={t.title}
        lead={t.lead}
        features={t.features}
        featureIcons={[
          <MessageSquareText key="a" className="size-5" aria-hidden="true" />,
          <Brain key="b" className="size-5" aria-hidden="true" />,
          <Search key="c" className="size-5" aria-hidden="true" />,
        ]}
        demoPath="/admin/services/slack-ai"
        heroActions={
          // Signed in: POST /api/slack-oauth-prepare (the user's first seed they manage, made on demand), then Slack.
          <SlackConnectButton
            label={t.connect}
            onBeforeConnect={() => {
              if (isAuthenticated) return true;
              requireLogin();
              return false;
            }}
          />
        }
      />
      {loginPrompt}
    </>
  );
}
