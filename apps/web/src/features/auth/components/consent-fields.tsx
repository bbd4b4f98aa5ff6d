import { ko, TERMS_VERSION, type TAgeBracket } from '@suite/shared';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { PrivacyPolicy } from '@/components/legal/privacy-policy';
import { TermsOfService } from '@/components/legal/terms-of-service';
import { LegalDialog } from '@/features/auth/components/legal-dialog';

/** The consent step's parts that the sign-up and the provider sign-up pages share (same texts, same markup). */
export type TLegalDoc = 'terms' | 'privacy';

const s = ko.authUi.signup;

/** The terms checkbox's label: "이용약관 및 개인정보 처리방침에 동의합니다", each document opening in its dialog. */
export function TermsLabel({ onOpen }: { onOpen: (doc: TLegalDoc) => void }) {
  return (
    <Label htmlFor="terms" className="leading-snug font-normal">
      <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={() => onOpen('terms')}>
        {s.termsLink}
      </button>
      {s.and}
      <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={() => onOpen('privacy')}>
        {s.privacyLink}
      </button>
      {s.termsSuffix}
    </Label>
  );
}

/** The optional marketing consent. */
export function MarketingConsent({
  checked,
  onCheckedChange,
  disabled,
}: {
  checked: boolean | undefined;
  onCheckedChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex items-start gap-2">
      <Checkbox id="marketing" name="marketing" className="mt-0.5" checked={checked} onCheckedChange={(c) => onCheckedChange(c === true)} disabled={disabled} />
      <Label htmlFor="marketing" className="leading-snug font-normal">
        {s.marketing}
      </Label>
    </div>
  );
}

const AGE_OPTIONS: { value: TAgeBracket; label: string }[] = [
  { value: '14_or_over', label: s.age14OrOver },
  { value: 'under_14', label: s.ageUnder14 },
];

/**
 * The age bracket (개인정보 보호법 제22조의2), required. Choosing under 14 shows at once why the sign-up cannot go on
 * (the server refuses it with the same text); the pages keep their submit disabled meanwhile.
 */
export function AgeBracketField({
  value,
  onChange,
  disabled,
  error,
}: {
  value: TAgeBracket | undefined;
  onChange: (value: TAgeBracket) => void;
  disabled: boolean;
  error?: string | undefined;
}) {
  const shownError = value === 'under_14' ? undefined : error;
  return (
    <fieldset className="grid gap-2" aria-describedby={value === 'under_14' ? 'age-under14' : shownError ? 'ageBracket-error' : undefined}>
      <legend className="mb-1 text-sm font-medium break-keep">{s.ageLegend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {AGE_OPTIONS.map((o) => (
          <label key={o.value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              id={`age-${o.value}`}
              name="ageBracket"
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              disabled={disabled}
              aria-invalid={Boolean(shownError)}
              className="size-4 accent-[hsl(var(--primary))]"
            />
            <span className="break-keep">{o.label}</span>
          </label>
        ))}
      </div>
      {value === 'under_14' ? (
        <p id="age-under14" role="alert" className="rounded-md bg-destructive/10 p-3 text-sm break-keep text-destructive">
          {ko.privacy.server.under14}
        </p>
      ) : null}
      {shownError ? (
        <p id="ageBracket-error" role="alert" className="text-sm break-keep text-destructive">
          {shownError}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The terms and the privacy policy, each in its dialog; `open` names the one shown. */
export function LegalDialogs({ open, onOpenChange }: { open: TLegalDoc | null; onOpenChange: (doc: TLegalDoc | null) => void }) {
  return (
    <>
      <LegalDialog
        open={open === 'terms'}
        onOpenChange={(o) => onOpenChange(o ? 'terms' : null)}
        title={s.termsDialogTitle}
        description={`시행일 ${TERMS_VERSION}`}
      >
        <TermsOfService />
      </LegalDialog>
      <LegalDialog
        open={open === 'privacy'}
        onOpenChange={(o) => onOpenChange(o ? 'privacy' : null)}
        title={s.privacyDialogTitle}
        description={`적용일 ${TERMS_VERSION}`}
      >
        <PrivacyPolicy />
      </LegalDialog>
    </>
  );
}
