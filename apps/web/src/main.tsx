import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/app-providers';
import { router } from '@/app/router';
import './styles.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// A prerendered page (drawn for a signed-out visitor) is hydrated in place: its text stays on screen, nothing is
// painted twice. With a saved session the first render differs (account area), so the app renders afresh instead.
const signedIn = document.documentElement.classList.contains('has-session');
if (container.firstElementChild && !signedIn) {
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // (the text is already readable; a tap during hydration is replayed once its part is hydrated).
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => {
        if (import.meta.env.DEV) console.warn('hydration fell back to a fresh render:', error);
      },
    });
  });
} else {
  createRoot(container).render(app);
}
