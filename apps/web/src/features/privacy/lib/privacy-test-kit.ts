import type { TConsents, TDataRecipients, TDeletionStatus, TExportStatus } from '@suite/shared';

/** For the web tests: the pinned /api/me privacy API as a stubbed fetch, with the calls it saw (no server in a web test). */
export type TFakeState = {
  exports: TExportStatus[];
  /** GET /api/me/export/{id} answers pending this many times before ready. */
  pendingPolls: number;
  consents: TConsents;
  recipients: TDataRecipients;
  deletion: TDeletionStatus;
  password: string;
};
export type TCall = { method: string; url: string; body: unknown };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const at = '2026-11-27T03:00:00.000Z';

export function initialState(): TFakeState {
  return {
    exports: [],
    pendingPolls: 1,
    consents: {
      data: [
        { kind: 'terms', granted: true, at, version: '2026-11-01' },
        { kind: 'privacy', granted: true, at, version: '2026-11-01' },
        { kind: 'age14', granted: true, at, version: '2026-11-01' },
        { kind: 'marketing', granted: true, at, version: '2026-11-01' },
        { kind: 'marketingNight', granted: false, at: null, version: null },
      ],
      history: [],
    },
    recipients: { data: [] },
    deletion: { deleteAt: null, ownedSeeds: [], hasPassword: true, hasSecondFactor: false },
    password: 'correct horse',
  };
}

export function fakePrivacyApi(state: TFakeState, calls: TCall[]) {
  return async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const path = url.split('?')[0]!;
    if (path === '/api/me/exports') return json({ data: state.exports });
    if (path === '/api/me/export' && method === 'POST') {
      const made: TExportStatus = { id: crypto.randomUUID(), status: 'pending', createdAt: at, readyAt: null, expiresAt: null, sizeBytes: null };
      state.exports = [made, ...state.exports];
      return json({ id: made.id }, 202);
    }
    const one = path.match(/^\/api\/me\/export\/([^/]+)$/);
    if (one) {
      const i = state.exports.findIndex((e) => e.id === one[1]);
      if (i < 0) return json({ error: '내보내기를 찾을 수 없습니다.', code: 'PRIVACY_EXPORT_NOT_FOUND' }, 404);
      if (state.exports[i]!.status === 'pending' && state.pendingPolls-- <= 0) {
        const id = state.exports[i]!.id;
        const ready = { ...state.exports[i]!, status: 'ready' as const, readyAt: at, expiresAt: '2026-11-28T03:00:00.000Z', sizeBytes: 2048 };
        state.exports[i] = { ...ready, url: `/api/me/export/${id}/download?token=t` };
      }
      return json(state.exports[i]);
    }
    if (path === '/api/me/consents' && method === 'GET') return json(state.consents);
    if (path === '/api/me/consents' && method === 'PATCH') {
      const set = (kind: string, granted: boolean) =>
        (state.consents.data = state.consents.data.map((c) => (c.kind === kind ? { ...c, granted, at: '2026-11-27T05:30:00.000Z' } : c)));
      if (body.marketing !== undefined) set('marketing', body.marketing);
      if (body.marketing === false) set('marketingNight', false);
      if (body.marketingNight !== undefined) set('marketingNight', body.marketingNight);
      return json(state.consents);
    }
    if (path === '/api/me/data-recipients') return json(state.recipients);
    if (path === '/api/me/deletion') return json(state.deletion);
    if (path === '/api/me/deletion/cancel') {
      state.deletion = { ...state.deletion, deleteAt: null };
      return json({ success: true });
    }
    if (path === '/api/me' && method === 'DELETE') {
      if (state.deletion.ownedSeeds.length) return json({ error: '소유한 시드가 있어 계정을 삭제할 수 없습니다.', code: 'PRIVACY_SEEDS_OWNED' }, 409);
      const ok = body.password ? body.password === state.password : body.secondFactorCode === '123456';
      if (!ok) return json({ error: '비밀번호가 올바르지 않습니다.', code: 'INVALID_CREDENTIALS' }, 401);
      state.deletion = { ...state.deletion, deleteAt: '2026-12-27T03:00:00.000Z' };
      return json({ deleteAt: state.deletion.deleteAt }, 202);
    }
    if (path === '/api/logout') return json({ success: true });
    return json({ error: `unexpected ${method} ${url}` }, 500);
  };
}
