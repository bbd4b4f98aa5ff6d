import { useLocation, useNavigate } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

const t = koSiteShell.loginPrompt;

export type TLoginPromptDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where to come back after login; default the current path (with its query). */
  redirectTo?: string;
};

/** 로그인 필요 (use it through useLoginPrompt in components/use-login-prompt.tsx, which loads it on demand): No closes; Yes closes and goes to /login?redirect={redirectTo or the current path}. */
export function LoginPromptDialog({ open, onOpenChange, redirectTo }: TLoginPromptDialogProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const yes = () => {
    onOpenChange(false);
    const target = redirectTo ?? location.pathname + location.search;
    navigate(`/login?redirect=${encodeURIComponent(target)}`);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t.no}
          </Button>
          <Button onClick={yes}>{t.yes}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
