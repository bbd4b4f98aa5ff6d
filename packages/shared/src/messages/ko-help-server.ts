// Korean texts (issue 33): help-server.
export const koHelpServer = {
} as const;
