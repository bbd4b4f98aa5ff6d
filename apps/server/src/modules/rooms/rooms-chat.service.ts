/**
 * HOOK FOR THE SLACK MODULE (issue: chat AI). Reminders go by email always and, when the seed has a connected chat
 * workspace, also by chat message. The Slack module is being built separately; when it is ready it registers a sender:
 *
 *   import { setRoomsChatSender } from '../rooms/rooms-chat.service.ts';
 *   setRoomsChatSender(async ({ seedId, emails, text }) => { ...post to the seed's workspace...; return true; });
 *
 * The sender answers false (or is absent) when the seed has no connected workspace; nothing else changes then.
 */
export type TRoomsChatMessage = { seedId: string; emails: string[]; text: string };
export type TRoomsChatSender = (message: TRoomsChatMessage) => Promise<boolean>;

let sender: TRoomsChatSender | undefined;

export function setRoomsChatSender(fn: TRoomsChatSender | undefined): void {
  sender = fn;
}

/** Sends through the registered sender; false when there is none or the seed has no workspace. */
export async function sendRoomsChat(message: TRoomsChatMessage): Promise<boolean> {
  return sender ? sender(message) : false;
}
