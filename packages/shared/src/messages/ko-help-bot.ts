// Korean texts (issue 33): help-bot.
export const koHelpBot = {
} as const;
