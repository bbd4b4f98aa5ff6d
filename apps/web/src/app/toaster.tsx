import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from '@/lib/toast';
import { useDocumentTheme } from '@/lib/theme';

/** sonner with the spec's numbers, in the theme the page shows; loaded with the first toast (lib/toast.ts). */
export default function AppToaster() {
  const theme = useDocumentTheme();
  // Runs after the Toaster's own effects (children first), so it has subscribed when the waiting toast is shown.
  useEffect(() => toasterMounted(), []);
  return <Toaster theme={theme} position="top-center" duration={4000} visibleToasts={3} gap={14} hotkey={['altKey', 'KeyT']} richColors />;
}
