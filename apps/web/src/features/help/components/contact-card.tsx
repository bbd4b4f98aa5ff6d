import { useEffect, useState } from 'react';
import { MessageCircleQuestion } from 'lucide-react';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useContact } from '../api/get-contact';
import { ensureWidgetScript, openWidget, setWidgetShown, waitForLauncher } from '../lib/help-widget';

const t = koHelpUi.contact;
/** How long 문의하기 waits for the widget to mount before saying it could not. */
const WAIT_MS = 10_000;

/**
 * 문의하기: the suite's own help chatbot (GET /api/help/contact) through the same widget a customer installs. The
 * script is added once while the help page is open; the widget is hidden again when the page is left.
 */
export function ContactCard() {
  const contact = useContact();
  const botId = contact.data?.botId ?? null;
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle');

  useEffect(() => {
    if (!botId) return;
    let active = true;
    ensureWidgetScript(botId);
    setWidgetShown(true);
    // The widget may mount after the page was left: it is hidden then.
    void waitForLauncher(WAIT_MS).then(() => setWidgetShown(active));
    return () => {
      active = false;
      setWidgetShown(false);
    };
  }, [botId]);

  const open = async () => {
    setState('opening');
    const launcher = await waitForLauncher(WAIT_MS);
    if (!launcher) return setState('failed');
    setState('idle');
    openWidget(launcher);
  };

  const note = contact.isPending ? t.loading : contact.isError || !botId ? t.notReady : state === 'failed' ? t.failed : null;
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <MessageCircleQuestion className="size-5 text-primary" aria-hidden="true" />
          {t.heading}
        </CardTitle>
        <CardDescription className="break-keep">{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button type="button" onClick={() => void open()} disabled={!botId || state === 'opening'} className="w-full sm:w-fit">
          {state === 'opening' ? t.loading : t.open}
        </Button>
        {note ? (
          <p className="text-sm text-muted-foreground break-keep" role="status" data-testid="help-contact-note">
            {note}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
