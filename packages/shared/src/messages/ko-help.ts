// Korean texts of the help centre (issue 33), one file per part.
import { koHelpServer } from './ko-help-server.ts';
import { koHelpUi } from './ko-help-ui.ts';
import { koHelpChecklist } from './ko-help-checklist.ts';
import { koHelpBot } from './ko-help-bot.ts';

export const koHelp = { server: koHelpServer, ui: koHelpUi, checklist: koHelpChecklist, bot: koHelpBot } as const;
