// Korean texts (issue 33): domains-host.
export const koDomainsHost = {
} as const;
