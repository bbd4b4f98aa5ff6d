import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { helpAction, toast } from '@/lib/toast';
import { BETA_SERVICES, ZBetaApplicationInput, type TBetaApplicationInput, type TBetaService } from '@suite/shared';
import { koSite } from '@suite/shared/messages/ko-site';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useApplyForBeta } from '../api/beta';

const t = koSite.beta;

function Field({ id, label, error, children }: { id: string; label: React.ReactNode; error?: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive break-keep">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** 'Apply for beta': name, email, company (optional), service. Stored on the server; the toast follows its answer. */
export function BetaApplyDialog({ open, onOpenChange, service }: { open: boolean; onOpenChange: (o: boolean) => void; service: TBetaService }) {
  const { user } = useSession();
  const id = useId();
  const apply = useApplyForBeta();
  const form = useForm<TBetaApplicationInput>({
    resolver: zodResolver(ZBetaApplicationInput),
    mode: 'onTouched',
    values: { name: user?.full_name ?? '', email: user?.email ?? '', company: '', service },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await apply.mutateAsync(values);
      if (res.created) toast.success(t.success, { description: t.successDescription });
      else toast.info(t.already, { description: t.alreadyDescription });
      onOpenChange(false);
      form.reset();
    } catch (e) {
      toast.error(t.failure, { description: e instanceof ApiError ? e.message : t.failureDefault, duration: 5000, ...helpAction(e) });
    }
  });

  const aria = (name: keyof TBetaApplicationInput) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id={`${id}-name`} label={t.name} error={errors.name?.message}>
            <Input id={`${id}-name`} autoComplete="name" placeholder={t.namePlaceholder} {...aria('name')} {...form.register('name')} />
          </Field>
          <Field id={`${id}-email`} label={t.email} error={errors.email?.message}>
            <Input id={`${id}-email`} type="email" autoComplete="email" placeholder={t.emailPlaceholder} {...aria('email')} {...form.register('email')} />
          </Field>
          <Field
            id={`${id}-company`}
            label={
              <>
                {t.company} <span className="font-normal text-muted-foreground">{t.companyOptional}</span>
              </>
            }
            error={errors.company?.message}
          >
            <Input id={`${id}-company`} autoComplete="organization" placeholder={t.companyPlaceholder} {...aria('company')} {...form.register('company')} />
          </Field>
          <Field id={`${id}-service`} label={t.service} error={errors.service?.message}>
            <NativeSelect id={`${id}-service`} {...aria('service')} {...form.register('service')}>
              {BETA_SERVICES.map((s) => (
                <option key={s} value={s}>
                  {t.services[s]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t.submitting : t.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
