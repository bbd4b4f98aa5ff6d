import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useMealSettings } from '../api/meal-settings';

const t = koMealPolicy.ui;

/**
 * Issue 38: the round form's company meal policy — "회사 식대 정책 적용" and "법인카드로 결제" — shown only to those
 * the seed lets spend (the server refuses the rest with 403). `onReady` hands the form whether to send the fields and
 * the default (on when the seed has a subsidy or a team budget).
 */
export function PolicyFields({
  seedId,
  applyPolicy,
  payWith,
  onReady,
}: {
  seedId: string;
  applyPolicy: UseFormRegisterReturn<'applyPolicy'>;
  payWith: UseFormRegisterReturn<'payWith'>;
  onReady: (s: { canSpend: boolean; policyActive: boolean }) => void;
}) {
  const settings = useMealSettings(seedId);
  const data = settings.data;
  useEffect(() => {
    if (data) onReady({ canSpend: data.canSpend, policyActive: data.policyActive });
    // Once per loaded settings: a later change of the switch by the user is kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data?.canSpend, data?.policyActive]);
  if (!data?.canSpend) return null;
  return (
    <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2" data-testid="policy-fields">
      <legend className="px-1 text-sm font-medium">{t.policy}</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" role="switch" className="mt-0.5 size-4 accent-primary" {...applyPolicy} />
        <span className="grid gap-0.5">
          <span className="font-medium">{t.applyPolicy}</span>
          <span className="text-xs text-muted-foreground break-keep">{t.applyPolicyHelp}</span>
        </span>
      </label>
      <div className="grid gap-1.5">
        <Label htmlFor="meal-pay-with">{t.payWith}</Label>
        <NativeSelect id="meal-pay-with" {...payWith}>
          <option value="member">{t.payWithMember}</option>
          <option value="company_card">{t.payWithCompanyCard}</option>
        </NativeSelect>
        <p className="text-xs text-muted-foreground break-keep">{t.companyCardHelp}</p>
      </div>
    </fieldset>
  );
}
