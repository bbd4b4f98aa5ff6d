// Korean texts (issue 33): domains-server.
export const koDomainsServer = {
} as const;
