import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { slackWorkspaces } from '../../db/schema-slack.ts';
import { dbKinds } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { sendRoomsChat } from '../rooms/rooms-chat.service.ts';
import { install, slackTestApp, type TSlackTest } from './testing/slack-test-kit.ts';

describe.each(dbKinds)('slack connection on %s', (kind) => {
  let s: TSlackTest;
  beforeAll(async () => {
    s = await slackTestApp(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('prepares a single-use state bound to the user, exchanges the code and stores the token encrypted', async () => {
    const user = await signedIn(s.t);
    expect((await api(s.t)('POST', '/api/slack-oauth-prepare', {})).status).toBe(401);
    const r = await install(s, user.token);
    expect(r.prep).toMatchObject({ success: true, state: expect.any(String), message: expect.any(String) });
    const authUrl = new URL(r.prep.authUrl);
    expect(authUrl.searchParams.get('client_id')).toBe('test-client');
    expect(authUrl.searchParams.get('scope')).toContain('app_mentions:read');
    expect(authUrl.searchParams.get('scope')).toContain('chat:write');
    expect(authUrl.searchParams.get('state')).toBe(r.prep.state);
    expect(r.status).toBe(302);
    expect(r.location.pathname).toBe('/oauth/slack/callback');
    expect(r.location.searchParams.get('status')).toBe('success');
    expect(r.location.searchParams.get('workspace_name')).toBe('테스트 워크스페이스');
    const id = r.location.searchParams.get('workspace_id')!;
    const [row] = await s.t.database.db.select().from(slackWorkspaces).where(eq(slackWorkspaces.id, id));
    expect(row!.teamId).toBe('T0FAKE001');
    expect(row!.botUserId).toBe('UBOT0001');
    expect(row!.botTokenEnc).toMatch(/^v1\./);
    expect(row!.botTokenEnc).not.toContain('xoxb');
    // The user's first seed was created on demand and the workspace is listed for them.
    const list = await api(s.t, user.token)('GET', '/api/slack/workspaces');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ team_name: '테스트 워크스페이스', status: 'active', can_manage: true });

    // The same state cannot be used twice.
    const again = await s.t.app.inject({ method: 'GET', url: `/api/slack/oauth/callback?code=${s.slack.issueCode()}&state=${r.prep.state}` });
    expect(new URL(String(again.headers.location), 'http://x').searchParams.get('error')).toBe('invalid_state');

    // Reinstalling (same seed) refreshes the token.
    const before = row!.botTokenEnc;
    const re = await install(s, user.token, { seed_id: row!.seedId });
    expect(re.location.searchParams.get('workspace_id')).toBe(id);
    const [after] = await s.t.database.db.select().from(slackWorkspaces).where(eq(slackWorkspaces.id, id));
    expect(after!.botTokenEnc).not.toBe(before);

    // Another user's seed cannot take a workspace that is connected elsewhere.
    const other = await signedIn(s.t);
    const taken = await install(s, other.token);
    expect(taken.location.searchParams.get('error')).toBe('workspace_already_installed');
  });

  it('sends meeting-room reminders by direct message to members found by email (rooms chat hook)', async () => {
    const user = await signedIn(s.t);
    const seed = (await api(s.t, user.token)('POST', '/api/seeds', { seed_name: '회의실 시드' })).body.data;
    expect(await sendRoomsChat({ seedId: seed.id, emails: ['kim@example.com'], text: '회의 10분 전입니다' })).toBe(false);
    s.slack.team = { id: 'T0ROOMS', name: '회의실 팀' };
    const r = await install(s, user.token, { seed_id: seed.id });
    expect(r.location.searchParams.get('status')).toBe('success');
    s.slack.usersByEmail.set('kim@example.com', 'UKIM');
    expect(await sendRoomsChat({ seedId: seed.id, emails: ['kim@example.com', 'nobody@example.com'], text: '회의 10분 전입니다' })).toBe(true);
    expect(s.slack.posts.at(-1)).toMatchObject({ channel: 'UKIM', text: '회의 10분 전입니다' });
  });

  it('redirects with the spec’s error codes and validates input in Korean', async () => {
    const user = await signedIn(s.t);
    const denied = await install(s, user.token, {}, 'Cancel');
    expect(denied.location.searchParams.get('error')).toBe('access_denied');
    const bad = (q: string) =>
      s.t.app
        .inject({ method: 'GET', url: `/api/slack/oauth/callback${q}` })
        .then((r) => new URL(String(r.headers.location), 'http://x').searchParams.get('error'));
    expect(await bad('')).toBe('invalid_request');
    expect(await bad('?code=x&state=unknown')).toBe('invalid_state');
    const prep = await api(s.t, user.token)('POST', '/api/slack-oauth-prepare', {});
    expect(await bad(`?code=not-issued&state=${prep.body.state}`)).toBe('token_exchange_failed');
    const invalid = await api(s.t, user.token)('POST', '/api/slack-oauth-prepare', { seed_id: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('시드 ID가 올바르지 않습니다.');
    const notMine = await api(s.t, user.token)('POST', '/api/slack-oauth-prepare', { seed_id: '00000000-0000-4000-8000-000000000000' });
    expect(notMine.status).toBe(404);
  });
});
