import { usePublicConfig } from '@/lib/public-config';

/** Public sign-in settings from the server (Google client id, confirmation policy). */
export const useAuthConfig = usePublicConfig;
