import { cn } from '@/lib/utils';

/**
 * HTML rendered and sanitised by the server (markdown-it with raw HTML off, safe links only): guides and changelog
 * entries, styled in the console's typography.
 */
export function DocHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        'min-w-0 break-keep text-sm leading-7 text-foreground',
        '[&_h1]:mb-4 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold',
        '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
        '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
        '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em]',
        '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:border [&_pre]:bg-muted [&_pre]:p-4 [&_pre]:leading-6 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:break-normal',
        '[&_table]:my-4 [&_table]:block [&_table]:overflow-x-auto [&_table]:text-left [&_td]:border [&_td]:px-3 [&_td]:py-1.5 [&_th]:border [&_th]:bg-muted [&_th]:px-3 [&_th]:py-1.5',
        className,
      )}
      // Sanitised on the server (modules/docs/docs-render.ts): no raw HTML, no script links.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
