import { useEffect, useMemo, useRef, useState } from 'react';
import { ko } from '@suite/shared';
import type { TChatbot } from '@suite/shared/schemas/chatbot';
import { Button } from '@/components/ui/button';
import { useDocumentTheme } from '@/lib/theme';
import { useUpdateBot } from '../api/update-bot';
import { ErrorText } from './error-text';

const c = ko.chatbot.console;
const when = (iso: string) => new Date(iso).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' });

/** The preview page's own look in the console's light or dark mode. */
const pageStyle = (dark: boolean) => ({
  html: `color-scheme:${dark ? 'dark' : 'light'}`,
  body: `font-family:sans-serif;background:${dark ? '#15171c;color:#e5e7eb' : '#f3f4f6'}`,
});

/** Restyles the preview's document (same origin: a srcdoc frame without a sandbox), if it has loaded. */
function restyle(frame: HTMLIFrameElement | null, dark: boolean) {
  const doc = frame?.contentDocument;
  if (!doc?.body) return;
  doc.documentElement.setAttribute('style', pageStyle(dark).html);
  doc.body.setAttribute('style', pageStyle(dark).body);
}

/** The install tab: the snippet with a live preview, where the widget was refused (a mistyped origin), and the bot-wide cap. */
export function Install({ seedId, bot, canManage }: { seedId: string; bot: TChatbot; canManage: boolean }) {
  const origin = window.location.origin;
  const snippet = `<script src="${origin}/widget.js" data-bot="${bot.id}" async></script>`;
  const [copied, setCopied] = useState(false);
  const update = useUpdateBot(seedId);
  // Origins refused before and allowed since then are no longer a problem.
  const refused = bot.refusedOrigins.filter((r) => !bot.allowedOrigins.includes(r.origin));
  // The preview page takes the console's light or dark mode (its color-scheme), and the widget follows the page. A
  // theme switch restyles the page in place: a new document would reload the widget and start a new conversation.
  const dark = useDocumentTheme() === 'dark';
  const frame = useRef<HTMLIFrameElement>(null);
  // The document is built in the mode the tab opened in; later switches (and a reload's end) restyle it in place.
  const [openedDark] = useState(dark);
  const srcDoc = useMemo(
    () =>
      `<!doctype html><html lang="ko" style="${pageStyle(openedDark).html}"><body style="${pageStyle(openedDark).body}"><p style="padding:16px">${c.preview}</p>${snippet}</body></html>`,
    [snippet, openedDark],
  );
  useEffect(() => restyle(frame.current, dark), [dark]);
  return (
    <div className="space-y-3">
      {bot.cappedAt && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 break-keep dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {c.capped(when(bot.cappedAt))}
        </p>
      )}
      {refused.length > 0 && (
        <section className="space-y-2 rounded-md border border-amber-300 p-3 dark:border-amber-700" aria-labelledby="chatbot-refused">
          <h3 id="chatbot-refused" className="text-sm font-medium break-keep">
            {c.refusedTitle}
          </h3>
          <p className="text-xs text-muted-foreground break-keep">{c.refusedHelp}</p>
          <ul className="divide-y text-sm">
            {refused.map((r) => (
              <li key={r.origin} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                <span className="min-w-0">
                  <code className="break-all">{r.origin}</code>{' '}
                  <span className="text-xs text-muted-foreground break-keep">· {c.refusedAt(when(r.lastSeenAt))}</span>
                </span>
                {canManage && /^https?:\/\//.test(r.origin) && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={update.isPending}
                    onClick={() => update.mutate({ botId: bot.id, patch: { allowedOrigins: [...bot.allowedOrigins, r.origin] } })}
                  >
                    {c.addOrigin}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <ErrorText error={update.error} />
        </section>
      )}
      <p className="text-sm break-keep">{c.snippet}</p>
      <pre className="whitespace-pre-wrap break-all rounded-md bg-muted p-3 text-xs" data-testid="chatbot-snippet">
        {snippet}
      </pre>
      <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(snippet).then(() => setCopied(true))}>
        {copied ? c.copied : c.copy}
      </Button>
      <p className="text-sm font-medium">{c.preview}</p>
      <iframe ref={frame} title={c.preview} srcDoc={srcDoc} onLoad={(e) => restyle(e.currentTarget, dark)} className="h-[640px] w-full rounded-md border" />
    </div>
  );
}
