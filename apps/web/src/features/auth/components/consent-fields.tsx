import { ko, TERMS_VERSION } from '@suite/shared';
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
