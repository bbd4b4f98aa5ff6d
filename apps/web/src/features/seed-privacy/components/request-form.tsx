import { useState, type FormEvent } from 'react';
import { ko, ZSeedPrivacyRequestInput, type TSeedPrivacyReceipt, type TSeedPrivacyRequestInput } from '@suite/shared';
import { BusyButton } from '@/components/busy-button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { useCreateSeedPrivacyRequest } from '../api/create-request';

const t = ko.privacy.seedRequests;
type TKind = TSeedPrivacyRequestInput['kind'];
type TSubjectType = keyof typeof t.subjectTypes;

/**
 * The owner's form: what to do (export or erase), how the customer is known (e-mail, chatbot visitor id, Slack user
 * id), the value and an optional reason. Checked with the shared schema before sending; an erase asks to confirm.
 */
export function RequestForm({ seedId, onDone }: { seedId: string; onDone: (r: TSeedPrivacyReceipt) => void }) {
  const create = useCreateSeedPrivacyRequest(seedId);
  const [kind, setKind] = useState<TKind>('export');
  const [type, setType] = useState<TSubjectType>('email');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ value?: string; reason?: string; form?: string }>({});
  const [confirming, setConfirming] = useState<TSeedPrivacyRequestInput | null>(null);

  const send = (body: TSeedPrivacyRequestInput) =>
    create.mutate(body, {
      onSuccess: (r) => {
        setConfirming(null);
        setValue('');
        setReason('');
        toast.success(t.created[r.kind]);
        onDone(r);
      },
      onError: (e) => {
        setConfirming(null);
        setErrors({ form: e.message });
      },
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZSeedPrivacyRequestInput.safeParse({ kind, subject: { [type]: value.trim() }, ...(reason.trim() ? { reason } : {}) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors(issue?.path[0] === 'reason' ? { reason: issue.message } : { value: issue?.message });
      return;
    }
    setErrors({});
    if (parsed.data.kind === 'erase') setConfirming(parsed.data);
    else send(parsed.data);
  };

  return (
    <>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="privacy-kind">{t.kindLabel}</Label>
            <NativeSelect id="privacy-kind" value={kind} onChange={(e) => setKind(e.target.value as TKind)}>
              <option value="export">{t.kinds.export}</option>
              <option value="erase">{t.kinds.erase}</option>
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="privacy-subject-type">{t.subjectTypeLabel}</Label>
            <NativeSelect id="privacy-subject-type" value={type} onChange={(e) => setType(e.target.value as TSubjectType)}>
              {(Object.keys(t.subjectTypes) as TSubjectType[]).map((k) => (
                <option key={k} value={k}>
                  {t.subjectTypes[k]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="privacy-subject-value">{t.valueLabel}</Label>
          <Input
            id="privacy-subject-value"
            value={value}
            placeholder={t.placeholders[type]}
            autoComplete="off"
            aria-invalid={Boolean(errors.value)}
            onChange={(e) => setValue(e.target.value)}
          />
          <FieldError message={errors.value} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="privacy-reason">{t.reasonLabel}</Label>
          <Textarea
            id="privacy-reason"
            value={reason}
            placeholder={t.reasonPlaceholder}
            rows={2}
            aria-invalid={Boolean(errors.reason)}
            onChange={(e) => setReason(e.target.value)}
          />
          <FieldError message={errors.reason} />
        </div>
        {errors.form ? (
          <p className="text-sm text-destructive" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div>
          <BusyButton type="submit" busy={create.isPending && !confirming} disabled={create.isPending || !value.trim()}>
            {t.submit}
          </BusyButton>
        </div>
      </form>
      <ConfirmDialog
        open={Boolean(confirming)}
        title={t.eraseConfirmTitle}
        message={t.eraseConfirm}
        confirmLabel={t.confirmErase}
        destructive
        busy={create.isPending}
        onConfirm={() => confirming && send(confirming)}
        onOpenChange={(o) => !o && setConfirming(null)}
      />
    </>
  );
}
