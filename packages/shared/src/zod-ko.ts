import { z } from 'zod';

/** Zod's own Korean messages for the generic rules (types, sizes) that schemas do not word themselves. */
z.config(z.locales.ko());

export { z };
