// Korean texts (issue 33): domains-ui.
export const koDomainsUi = {
} as const;
