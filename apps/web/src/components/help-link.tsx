import { ExternalLink } from 'lucide-react';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';

const t = koHelpUi;

/** The help article of an error (ApiError.helpUrl), if it has one. */
export function helpUrlOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.helpUrl : undefined;
}

/**
 * '도움말 보기' beside an error that has an article (issue 33). It opens the public help page in a new tab, so the
 * form and what was typed stay as they are.
 */
export function HelpLink({ href, className }: { href: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={cn('inline-flex items-center gap-1 font-medium underline underline-offset-2 hover:no-underline break-keep', className)}
    >
      {t.errorLink}
      <ExternalLink className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{t.errorLinkNewWindow}</span>
    </a>
  );
}
