// Korean texts of custom domains (issue 33), one file per part.
import { koDomainsServer } from './ko-domains-server.ts';
import { koDomainsUi } from './ko-domains-ui.ts';
import { koDomainsHost } from './ko-domains-host.ts';

export const koDomains = { server: koDomainsServer, ui: koDomainsUi, host: koDomainsHost } as const;
