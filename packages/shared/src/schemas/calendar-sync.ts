/** Two-way calendar sync (issue 37): a member's Google Calendar and CalDAV connections. */
import { z } from 'zod';

const urlMessage = '올바른 http(s) 주소를 입력하세요.';
const httpUrl = z
  .string()
  .trim()
  .max(2_000, urlMessage)
  .pipe(z.url({ protocol: /^https?$/, error: urlMessage }));

export const ZCalDavConnectInput = z.object({
  serverUrl: httpUrl,
  /** The calendar collection, when the member knows it (skips discovery). */
  calendarUrl: httpUrl.optional(),
  username: z.string({ error: '사용자 이름을 입력하세요.' }).trim().min(1, '사용자 이름을 입력하세요.').max(320, '사용자 이름은 320자 이하로 입력하세요.'),
  password: z.string({ error: '앱 비밀번호를 입력하세요.' }).min(1, '앱 비밀번호를 입력하세요.').max(500, '앱 비밀번호는 500자 이하로 입력하세요.'),
});
export type TCalDavConnectInput = z.infer<typeof ZCalDavConnectInput>;

export const ZCalendarProvider = z.enum(['google', 'caldav']);

export const ZCalendarConnection = z.object({
  id: z.uuid(),
  provider: ZCalendarProvider,
  accountEmail: z.string(),
  calendarUrl: z.string(),
  status: z.enum(['active', 'error']),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type TCalendarConnection = z.infer<typeof ZCalendarConnection>;

export const ZCalendarConnectionList = z.object({ data: z.array(ZCalendarConnection), googleAvailable: z.boolean() });
export const ZCalendarConnectionResponse = z.object({ success: z.literal(true), message: z.string(), data: ZCalendarConnection });
export const ZCalendarConnectionParams = z.object({ connectionId: z.uuid('연결 id가 올바르지 않습니다.') });
export const ZGoogleConnectStart = z.object({ url: z.string() });
export const ZGoogleCallbackQuery = z.object({
  code: z.string().max(2_000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});
export const ZCalendarSyncResult = z.object({ success: z.literal(true), message: z.string(), changes: z.number().int() });

export const ZRoomAddress = z.object({ roomId: z.uuid(), name: z.string(), address: z.string() });
export const ZRoomAddressList = z.object({ data: z.array(ZRoomAddress) });
