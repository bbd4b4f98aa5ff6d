import { Link } from 'react-router';
import { ko } from '@suite/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { useCompany } from '@/lib/company';

const t = ko.authUi.settings.withdrawal;
const p = ko.privacy.settingsUi.withdrawal;

/**
 * 회원 탈퇴 as the terms (제15조) promise it on this screen: the self-service deletion lives on /settings/privacy
 * (issue 32), linked here; the operator's contact from the server's configuration (COMPANY_EMAIL, COMPANY_PHONE — what
 * the footer shows) stays as the other way, a prepared e-mail with the account's address.
 */
export function WithdrawalCard({ accountEmail }: { accountEmail: string | undefined }) {
  const company = useCompany();
  const mailto = company.email
    ? `mailto:${company.email}?subject=${encodeURIComponent(t.mailSubject)}&body=${encodeURIComponent(t.mailBody(accountEmail ?? ''))}`
    : null;
  return (
    <Card aria-labelledby="withdrawal-title">
      <CardHeader>
        <CardTitle id="withdrawal-title" className="text-lg">
          {t.title}
        </CardTitle>
        <CardDescription className="break-keep">{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="break-keep">{p.selfService}</p>
        <Button asChild variant="outline" className="justify-self-start">
          <Link to="/settings/privacy">{p.link}</Link>
        </Button>
        <p className="text-muted-foreground break-keep">{p.contact}</p>
        {mailto || company.phone ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="withdrawal-contact">
            {mailto ? (
              <>
                <dt className="text-muted-foreground">{t.email}</dt>
                <dd>
                  <a href={mailto} className="font-medium text-primary underline-offset-4 hover:underline">
                    {company.email}
                  </a>
                </dd>
              </>
            ) : null}
            {company.phone ? (
              <>
                <dt className="text-muted-foreground">{t.phone}</dt>
                <dd>
                  <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`} className="font-medium underline-offset-4 hover:underline">
                    {company.phone}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className="text-muted-foreground break-keep">{t.noContact}</p>
        )}
        <p className="text-muted-foreground break-keep">
          {t.afterwards}{' '}
          <Link to="/privacy" className="underline underline-offset-4">
            {t.privacy}
          </Link>
          {' · '}
          <Link to="/terms" className="underline underline-offset-4">
            {t.terms}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
