import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { Hash, Loader2 } from 'lucide-react';
import { ko } from '@suite/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { usePublicConfig } from '@/lib/public-config';
import { useSeeds } from '@/lib/seed-context';
import { useSlackWorkspaces } from '../api/list-workspaces';
import { SlackConnectButton } from '@/components/slack-connect-button';
import { KnowledgeTab } from '../components/knowledge-tab';
import { ConnectorsCard } from '../components/connectors-card';
import { DigestTab } from '../components/digest-tab';
import { LogsTab } from '../components/logs-tab';
import { SettingsTab } from '../components/settings-tab';
import { StatsTab } from '../components/stats-tab';
import { UsersTab } from '../components/users-tab';

const t = ko.slack.ui;
const tabClass =
  'rounded-md px-3 py-1.5 text-sm text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** /admin/services/slack-ai: the user's connected Slack workspaces (seeds they belong to) and five tabs. */
export function SlackConsolePage() {
  const q = useSlackWorkspaces();
  const { selected: seed } = useSeeds();
  const [picked, setPicked] = useState<string | null>(null);
  const list = q.data ?? [];
  const ws = list.find((w) => w.id === picked) ?? list.find((w) => w.status === 'active') ?? list[0];
  const seedId = seed && (seed.role === 'owner' || seed.role === 'admin') ? seed.id : undefined;
  // The server says whether a Slack app is configured; without one, connecting can only fail at Slack.
  const slackUnavailable = usePublicConfig().data?.slackAvailable === false;

  if (q.isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {t.loading}
      </p>
    );
  }
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {q.error.message || t.loadFailed}
      </p>
    );

  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {ws ? (
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="slack-ws">{t.workspace}</Label>
            <div className="flex flex-wrap items-center gap-2">
              <NativeSelect id="slack-ws" value={ws.id} onChange={(e) => setPicked(e.target.value)} className="w-full max-w-72 sm:w-72">
                {list.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.team_name}
                    {w.status === 'active' ? '' : ` (${t.disconnectedBadge})`}
                  </option>
                ))}
              </NativeSelect>
              <Badge variant={ws.status === 'active' ? 'success' : 'secondary'}>{ws.status === 'active' ? t.activeBadge : t.disconnectedBadge}</Badge>
              <span className="text-sm text-muted-foreground">{t.seedLabel(ws.seed_name)}</span>
            </div>
          </div>
        ) : (
          <div className="grid gap-1 break-keep">
            <p className="font-medium">{t.noWorkspaces}</p>
            {slackUnavailable ? null : <p className="text-sm text-muted-foreground">{t.noWorkspacesHint}</p>}
          </div>
        )}
        {slackUnavailable ? (
          <div className="grid w-full max-w-md gap-2">
            <Button disabled aria-describedby="slack-unavailable" className="w-fit">
              <Hash aria-hidden="true" />
              {t.connectAnother}
            </Button>
            <p id="slack-unavailable" className="text-sm text-muted-foreground break-keep">
              {t.connectUnavailable}
            </p>
          </div>
        ) : (
          <SlackConnectButton label={t.connectAnother} seedId={seedId} size="default" />
        )}
      </div>

      {ws ? (
        <>
          <Card>
            <CardContent className="p-3 text-sm break-keep" data-testid="slack-mode">
              {ws.llm_enabled ? t.llmMode : t.basicMode}
            </CardContent>
          </Card>
          <Tabs.Root key={ws.id} defaultValue="settings" className="grid min-w-0 gap-4">
            <Tabs.List className="inline-flex w-fit max-w-full flex-wrap rounded-lg bg-muted p-1" aria-label={t.title}>
              {(['settings', 'users', 'logs', 'stats', 'knowledge'] as const).map((tab) => (
                <Tabs.Trigger key={tab} value={tab} className={tabClass}>
                  {t.tabs[tab]}
                </Tabs.Trigger>
              ))}
              <Tabs.Trigger value="digests" className={tabClass}>
                {ko.slackDigest.ui.tab}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="settings">
              <SettingsTab ws={ws} />
            </Tabs.Content>
            <Tabs.Content value="users">
              <UsersTab id={ws.id} />
            </Tabs.Content>
            <Tabs.Content value="logs">
              <LogsTab id={ws.id} />
            </Tabs.Content>
            <Tabs.Content value="stats">
              <StatsTab id={ws.id} />
            </Tabs.Content>
            <Tabs.Content value="knowledge">
              <KnowledgeTab ws={ws} />
              <div className="mt-4">
                <ConnectorsCard id={ws.id} canManage={ws.can_manage} />
              </div>
            </Tabs.Content>
            <Tabs.Content value="digests">
              <DigestTab ws={ws} />
            </Tabs.Content>
          </Tabs.Root>
        </>
      ) : null}
    </div>
  );
}
