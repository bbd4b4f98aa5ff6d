import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/components/require-auth';
import { AuthCallbackPage } from '@/features/auth/pages/auth-callback-page';
import { ConfirmEmailPage } from '@/features/auth/pages/confirm-email-page';
import { DashboardPage } from '@/features/auth/pages/dashboard-page';
import { ForgotPasswordPage } from '@/features/auth/pages/forgot-password-page';
import { LinkIdentityPage } from '@/features/auth/pages/link-identity-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { ProviderCallbackPage } from '@/features/auth/pages/provider-callback-page';
import { ProviderEmailPage } from '@/features/auth/pages/provider-email-page';
import { SecondFactorPage } from '@/features/auth/pages/second-factor-page';
import { ResetPasswordPage } from '@/features/auth/pages/reset-password-page';
import { SettingsPage } from '@/features/auth/pages/settings-page';
import { SignupCompletePage } from '@/features/auth/pages/signup-complete-page';
import { SignupPage } from '@/features/auth/pages/signup-page';
import { UnlockLoginPage } from '@/features/auth/pages/unlock-login-page';
import { AccountInvitePage } from '@/features/invitations/pages/account-invite-page';
import { SeedInvitePage } from '@/features/invitations/pages/seed-invite-page';
import { DeletionBanner } from '@/features/privacy/components/deletion-banner';
import { PrivacySettingsPage } from '@/features/privacy/pages/privacy-settings-page';

/** Account routes (login, sign-up, callbacks, dashboard, settings); nested in the site layout by the router. */
export const authRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/login/second-factor', element: <SecondFactorPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/signup/complete', element: <SignupCompletePage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/auth/confirm', element: <ConfirmEmailPage /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/auth/callback/:provider', element: <ProviderCallbackPage /> },
  { path: '/auth/provider-email', element: <ProviderEmailPage /> },
  { path: '/auth/link', element: <LinkIdentityPage /> },
  { path: '/auth/unlock', element: <UnlockLoginPage /> },
  {
    path: '/dashboard',
    element: (
      <RequireAuth>
        {/* A pending deletion is announced where a sign-in lands (issue 32). */}
        <DeletionBanner withLink className="mx-auto mt-6 w-[calc(100%-2rem)] max-w-4xl" />
        <DashboardPage />
      </RequireAuth>
    ),
  },
  { path: '/invite/seed', element: <SeedInvitePage /> },
  { path: '/invite/account', element: <AccountInvitePage /> },
  {
    path: '/settings',
    element: (
      <RequireAuth>
        <SettingsPage />
      </RequireAuth>
    ),
  },
  {
    // A room's QR code on a phone (issue 37): sign in first, then back here.
    path: '/rooms/check-in/:roomId',
    lazy: async () => {
      const { RoomCheckInPage } = await import('@/features/rooms/pages/room-check-in-page');
      return {
        Component: () => (
          <RequireAuth>
            <RoomCheckInPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: '/settings/privacy',
    element: (
      <RequireAuth>
        <PrivacySettingsPage />
      </RequireAuth>
    ),
  },
];
