import { useNavigate } from 'react-router';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { AuthCard } from '@/features/auth/components/auth-card';
import { StatusView } from '@/features/auth/components/status-view';

const t = ko.authUi.callback;
const titles = { loading: t.loading, checking: t.checking, success: t.success, new_user: t.newUser, error: t.error };

/** What a sign-in return page (Google, Kakao, Naver) shows in each state; after an error, a way back to /login. */
export function CallbackStatus({ state, message }: { state: keyof typeof titles; message: string }) {
  const navigate = useNavigate();
  return (
    <AuthCard title={ko.authUi.login.title}>
      <StatusView state={state} title={titles[state]} message={message}>
        {state === 'error' ? (
          <Button variant="outline" onClick={() => navigate('/login', { replace: true })}>
            {t.backToLogin}
          </Button>
        ) : null}
      </StatusView>
    </AuthCard>
  );
}
