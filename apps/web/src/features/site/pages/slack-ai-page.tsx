import { Brain, Clock, MessageSquareText, Rocket, Search } from 'lucide-react';
import { koSite } from '@suite/shared/messages/ko-site';
import { useLoginPrompt } from '@/components/use-login-prompt';
import { SlackConnectButton } from '@/components/slack-connect-button';
import { Button } from '@/components/ui/button';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { useSeo } from '@/lib/seo';
import { ServicePage } from '../components/service-page';

const t = koSite.slackAi;

export function SlackAiPage() {
  useSeo({ title: koSite.meta.slackAi.title, description: koSite.meta.slackAi.description });
  const { requireLogin, loginPrompt } = useLoginPrompt();
  const { isAuthenticated } = useSession();
  const slackAvailable = usePublicConfig().data?.slackAvailable;
  return (
    <>
      <ServicePage
        service="slack-ai"
        badge={{ text: t.badge, variant: 'new' }}
        title={t.title}
        lead={t.lead}
        features={t.features}
        featureIcons={[MessageSquareText, Brain, Search]}
        demoPath="/admin/services/slack-ai"
        heroActions={(openBeta) =>
          slackAvailable === false ? (
            // The server has no Slack app yet: say so plainly and offer the beta form (the setup guide is the admin's).
            <div role="status" className="grid max-w-md gap-3 rounded-lg border bg-card p-4 text-left text-sm break-keep" data-testid="slack-preparing">
              <p className="flex items-center gap-2 font-semibold">
                <Clock className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {t.connectPreparingTitle}
              </p>
              <p className="text-muted-foreground">{t.connectPreparing}</p>
              <Button onClick={openBeta} className="justify-self-start">
                <Rocket aria-hidden="true" />
                {koSite.beta.open}
              </Button>
            </div>
          ) : (
            // Signed in: POST /api/slack-oauth-prepare (the user's first seed they manage, made on demand), then Slack.
            <SlackConnectButton
              label={t.connect}
              onBeforeConnect={() => {
                if (isAuthenticated) return true;
                requireLogin();
                return false;
              }}
            />
          )
        }
      />
      {loginPrompt}
    </>
  );
}
