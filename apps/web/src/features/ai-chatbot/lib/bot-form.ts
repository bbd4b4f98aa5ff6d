import { z } from 'zod';
import { ZCreateChatbotInput } from '@suite/shared/schemas/chatbot';

/** The allowed origins typed as one text (comma or space separated), checked by the shared schema; an invalid one is reported on that text. */
export const ZOriginsText = z.string().transform((text, ctx) => {
  const r = ZCreateChatbotInput.shape.allowedOrigins.safeParse(text.split(/[\s,]+/).filter(Boolean));
  r.error?.issues.forEach((i) => ctx.addIssue({ code: 'custom', message: i.message }));
  return r.success ? r.data : z.NEVER;
});

/** The create form: the shared schema's name with the origins as text. */
export const ZCreateForm = ZCreateChatbotInput.pick({ name: true }).extend({ allowedOrigins: ZOriginsText });

/** The settings form: name, greeting, colour and origins (the Slack channel has its own form on the install tab). */
export const ZSettingsForm = ZCreateChatbotInput.pick({ name: true }).extend({
  greeting: ZCreateChatbotInput.shape.greeting.unwrap(),
  brandColor: ZCreateChatbotInput.shape.brandColor.unwrap(),
  allowedOrigins: ZOriginsText,
});
