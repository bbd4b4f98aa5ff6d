/**
 * THE data map (issue 32): every table of the database with every column classified. Personal columns carry their
 * category, purpose, legal basis and readers; every other column is listed under `other`. data-map.test.ts fails
 * when a migration adds a table or column this map does not classify. Export, erasure, retention, seed owners'
 * requests and the privacy policy (/privacy) are generated from it. Decision 063 explains the periods chosen.
 *
 * Erasure never deletes the `users` row: it becomes a tombstone without any personal datum (status 'erased', a
 * placeholder address, no name, password or phone), so rows other people still need — bookings the person organised,
 * meal rounds they hosted, ledger rows and shares between them and others — stay whole and name the tombstone (their
 * rule anonymises only free-text personal columns; `set: {}` when there are none). Rows that are only the person's
 * are deleted by their own rule (no foreign key cascade does it any more), and `erase` also covers e-mail addresses
 * and names copied into rows and jsonb lists (decision 071). Anonymise expressions may use `$1`/`$2`, bound to the
 * same values as the link being applied; they compare as text (`col::text = $1`) because a user link's `$1` is a uuid
 * and an e-mail link's is text.
 */
import type { TLegalBasis, TPersonalCategory, TPersonalColumn, TPurpose, TReader, TTableMap } from './data-map.types.ts';

const SELF: readonly TReader[] = ['self'];
const SELF_PLATFORM: readonly TReader[] = ['self', 'platform_admin'];
const SELF_SEED: readonly TReader[] = ['self', 'seed_admin'];
const SELF_SEED_PLATFORM: readonly TReader[] = ['self', 'seed_admin', 'platform_admin'];
const SEED: readonly TReader[] = ['seed_admin'];
const SEED_PLATFORM: readonly TReader[] = ['seed_admin', 'platform_admin'];
const PLATFORM: readonly TReader[] = ['platform_admin'];
const SYSTEM: readonly TReader[] = ['system'];

const col = (category: TPersonalCategory, purpose: TPurpose, basis: TLegalBasis, readers: readonly TReader[]): TPersonalColumn => ({
  category,
  purpose,
  basis,
  readers,
});
/** A secret (hash, sealed token): the export names the column but never its value. */
const secret = (): TPersonalColumn => ({ category: 'credential', purpose: 'security', basis: 'contract', readers: SYSTEM, exportable: false });
/** A member's id in a row (a link to the person; after erasure a pseudonymous key of the account's tombstone). */
const who = (readers: readonly TReader[] = SELF_SEED): TPersonalColumn => col('identity', 'service', 'contract', readers);

/** Rows of a seed's chatbot ($2 = the seed id). */
const BOT_OF_SEED = 'chatbot_id IN (SELECT id FROM chatbots WHERE seed_id = $2)';
/** Rows of a seed's Slack workspace ($2 = the seed id). */
const WORKSPACE_OF_SEED = 'workspace_id IN (SELECT id FROM slack_workspaces WHERE seed_id = $2)';
/** A jsonb array of { email, userId?, name? } naming the subject ($1 = user id or lower-case e-mail). */
const jsonbListNames = (column: string) =>
  `EXISTS (SELECT 1 FROM jsonb_array_elements(${column}) a WHERE a->>'userId' = $1::text OR lower(a->>'email') = $1::text)`;
/** That jsonb array without the subject's entries. */
const jsonbListWithout = (column: string) =>
  `COALESCE((SELECT jsonb_agg(a) FROM jsonb_array_elements(${column}) a WHERE a->>'userId' IS DISTINCT FROM $1::text AND lower(a->>'email') IS DISTINCT FROM $1::text), '[]'::jsonb)`;
/** Nulls a column only in rows where it names the subject. */
const nullIfSubject = (column: string) => `CASE WHEN ${column}::text = $1::text THEN NULL ELSE ${column} END`;

const ACCOUNTS: TTableMap[] = [
  {
    table: 'users',
    label: '회원 계정',
    personal: {
      email: col('contact', 'account', 'contract', SELF_SEED_PLATFORM),
      full_name: col('identity', 'account', 'contract', SELF_SEED_PLATFORM),
      name_initials: col('identity', 'account', 'contract', PLATFORM),
      phone: col('contact', 'account', 'consent', SELF_PLATFORM),
      avatar_url: col('profile', 'account', 'contract', SELF_SEED_PLATFORM),
      google_sub: col('identity', 'account', 'contract', SYSTEM),
      marketing_consent: col('consent', 'marketing', 'consent', SELF_PLATFORM),
      last_login_at: col('access_log', 'security', 'contract', SELF_PLATFORM),
      password_hash: secret(),
    },
    other: ['id', 'provider', 'email_verified', 'role', 'status', 'created_at', 'updated_at', 'deleted_at', 'deletion_scheduled_at'],
    subjects: { user: 'id = $1' },
    retention: { kind: 'account' },
    // The tombstone: the id stays (shared rows point at it), nothing personal does; it cannot sign in (status
    // 'erased', no password, no external identity), is never listed, counted or mailed, and the trash never purges it.
    erase: {
      kind: 'anonymise',
      set: {
        email: "'erased-' || id::text || '@erased.invalid'",
        full_name: "'탈퇴한 사용자'",
        phone: "''",
        avatar_url: 'NULL',
        google_sub: 'NULL',
        password_hash: 'NULL',
        marketing_consent: 'false',
        last_login_at: 'NULL',
        email_verified: 'false',
        role: "'user'",
        status: "'erased'",
        deletion_scheduled_at: 'NULL',
        deleted_at: 'NULL',
        updated_at: 'now()',
      },
    },
    sentTo: ['mail'],
  },
  {
    table: 'auth_sessions',
    label: '로그인 세션',
    personal: {
      user_id: who(SELF_PLATFORM),
      user_agent: col('access_log', 'security', 'contract', SELF_PLATFORM),
      ip: col('access_log', 'security', 'contract', SELF_PLATFORM),
    },
    other: ['id', 'created_at', 'last_used_at', 'expires_at', 'revoked_at', 'revoked_reason', 'second_factor_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'days', days: 30, column: 'expires_at', note: '끝난 세션은 30일 뒤 삭제 (auth.prune-expired)' },
    erase: { kind: 'delete' },
  },
  {
    table: 'refresh_tokens',
    label: '로그인 유지 토큰',
    personal: { token_hash: secret() },
    other: ['session_id', 'created_at', 'expires_at', 'rotated_at'],
    subjects: { user: 'session_id IN (SELECT id FROM auth_sessions WHERE user_id = $1)' },
    retention: { kind: 'transient', note: '세션과 함께 삭제' },
    erase: { kind: 'delete' },
  },
  {
    table: 'auth_tokens',
    label: '메일 인증·비밀번호 재설정 토큰',
    personal: {
      user_id: who(SYSTEM),
      email: col('contact', 'account', 'contract', SYSTEM),
      payload: col('contact', 'account', 'contract', SYSTEM),
      token_hash: secret(),
    },
    other: ['id', 'kind', 'created_at', 'expires_at', 'used_at'],
    subjects: { user: 'user_id = $1', email: 'lower(email) = $1' },
    retention: { kind: 'transient', note: '만료 하루 뒤 삭제 (auth.prune-expired)' },
    mentionExport: { columns: ['id', 'kind', 'email', 'created_at', 'expires_at', 'used_at'] },
    erase: { kind: 'delete' },
    sentTo: ['mail'],
  },
  {
    table: 'auth_flows',
    label: '로그인 진행 단계',
    personal: { user_id: who(SYSTEM), id_hash: secret(), data: secret() },
    other: ['kind', 'created_at', 'expires_at', 'used_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'transient', note: '만료 하루 뒤 삭제 (auth.prune-expired)' },
    erase: { kind: 'delete' },
  },
  {
    table: 'identities',
    label: '연결된 외부 로그인 계정',
    personal: {
      user_id: who(SELF_PLATFORM),
      subject: col('identity', 'account', 'contract', SYSTEM),
      email: col('contact', 'account', 'contract', SELF_PLATFORM),
    },
    other: ['id', 'provider', 'confirmed_at', 'linked_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'totp_factors',
    label: '2단계 인증 앱',
    personal: { user_id: who(SELF), secret_sealed: secret() },
    other: ['confirmed_at', 'last_step', 'created_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'recovery_codes',
    label: '2단계 인증 복구 코드',
    personal: { user_id: who(SELF), code_hash: secret() },
    other: ['id', 'used_at', 'created_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'passkeys',
    label: '패스키',
    personal: {
      user_id: who(SELF),
      name: col('profile', 'security', 'contract', SELF),
      id: secret(),
      public_key: secret(),
    },
    other: ['counter', 'transports', 'created_at', 'last_used_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'second_factor_policies',
    label: '2단계 인증 의무 설정',
    personal: {},
    other: ['scope', 'required', 'updated_at'],
    retention: { kind: 'none' },
  },
  {
    table: 'consents',
    label: '동의 기록',
    personal: {
      user_id: who(SELF_PLATFORM),
      kind: col('consent', 'legal', 'law', SELF_PLATFORM),
      granted: col('consent', 'legal', 'law', SELF_PLATFORM),
      terms_version: col('consent', 'legal', 'law', SELF_PLATFORM),
      ip: col('access_log', 'legal', 'law', SELF_PLATFORM),
    },
    other: ['id', 'created_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'audit_log',
    label: '감사 로그',
    personal: {
      actor_id: who(PLATFORM),
      target_id: col('identity', 'security', 'law', PLATFORM),
      // Rows about the person may carry the acting admin's address: not exported (their sessions' addresses are).
      ip: { ...col('access_log', 'security', 'law', PLATFORM), exportable: false },
      metadata: col('access_log', 'security', 'law', PLATFORM),
    },
    other: ['id', 'action', 'target_type', 'created_at'],
    subjects: {
      user: "actor_id = $1 OR (target_type = 'user' AND target_id = $1::text)",
      email: "lower(metadata->>'email') = $1 OR lower(metadata->>'label') = $1",
    },
    // Another person's action that names the subject (an invitation, a role change): only what happened and when.
    mentionExport: { columns: ['action', 'created_at'] },
    retention: { kind: 'days', days: 365, column: 'created_at' },
    erase: {
      kind: 'anonymise',
      set: {
        actor_id: nullIfSubject('actor_id'),
        target_id: "CASE WHEN target_type = 'user' AND target_id = $1::text THEN NULL ELSE target_id END",
        ip: "''",
        metadata: "metadata - 'email' - 'label' - 'userAgent'",
      },
    },
  },
  {
    table: 'api_usage_daily',
    label: '일별 API 이용량',
    personal: { user_id: who(PLATFORM), count: col('usage', 'service', 'contract', PLATFORM) },
    other: ['day', 'service'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'days', days: 365, column: 'day' },
    erase: { kind: 'delete' },
  },
  {
    table: 'beta_applications',
    label: '베타 신청',
    personal: {
      user_id: who(PLATFORM),
      name: col('identity', 'support', 'consent', PLATFORM),
      email: col('contact', 'support', 'consent', PLATFORM),
      company: col('profile', 'support', 'consent', PLATFORM),
    },
    other: ['id', 'service', 'created_at'],
    subjects: { user: 'user_id = $1', email: 'lower(email) = $1' },
    retention: { kind: 'days', days: 365, column: 'created_at' },
    // An application under the subject's address is theirs (made before signing in, without an account).
    mentionExport: { columns: ['id', 'service', 'name', 'email', 'company', 'created_at'] },
    erase: { kind: 'delete' },
    sentTo: ['mail'],
  },
  {
    table: 'dev_outbox',
    label: '개발용 메일 보관함',
    personal: {
      to_address: col('contact', 'account', 'contract', PLATFORM),
      subject: col('content', 'account', 'contract', PLATFORM),
      text: col('content', 'account', 'contract', PLATFORM),
      html: col('content', 'account', 'contract', PLATFORM),
      links: secret(),
    },
    other: ['id', 'created_at'],
    subjects: { email: 'lower(to_address) = $1' },
    // A mail sent to the subject: what they received (other addresses in it are masked).
    mentionExport: { columns: ['id', 'to_address', 'subject', 'text', 'created_at'] },
    retention: { kind: 'days', days: 30, column: 'created_at' },
    erase: { kind: 'delete' },
  },
];

const SEEDS: TTableMap[] = [
  {
    table: 'seeds',
    label: '시드(워크스페이스)',
    personal: {
      owner_id: who(SELF_SEED_PLATFORM),
      seed_name: col('profile', 'service', 'contract', SELF_SEED_PLATFORM),
      seed_address: col('contact', 'service', 'contract', SELF_SEED_PLATFORM),
    },
    other: ['id', 'created_at', 'updated_at'],
    // Deletion refuses while the person owns a seed (transfer or delete it first), so erasure finds no rows here.
    subjects: { user: 'owner_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'seed_members',
    label: '시드 멤버십',
    personal: { user_id: who(SELF_SEED_PLATFORM), role: col('profile', 'service', 'contract', SELF_SEED_PLATFORM) },
    other: ['seed_id', 'created_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'seed_invitations',
    label: '시드 초대',
    personal: { email: col('contact', 'service', 'contract', SEED), invited_by: who(SEED), token_hash: secret() },
    other: ['id', 'seed_id', 'role', 'created_at', 'expires_at'],
    subjects: { email: 'lower(email) = $1', seedEmail: 'lower(email) = $1 AND seed_id = $2' },
    // The invitation to the subject, without who sent it.
    mentionExport: { columns: ['id', 'seed_id', 'email', 'role', 'created_at', 'expires_at'] },
    retention: { kind: 'days', days: 30, column: 'expires_at', note: '수락하면 삭제, 만료된 초대는 30일 뒤 삭제' },
    erase: { kind: 'delete' },
    sentTo: ['mail'],
  },
];

const ROOMS: TTableMap[] = [
  {
    table: 'rooms',
    label: '회의실',
    personal: {},
    other: [
      'id',
      'seed_id',
      'name',
      'location',
      'capacity',
      'equipment',
      'open_minute',
      'close_minute',
      'weekdays',
      'active',
      'open_on_holidays',
      'created_at',
      'updated_at',
    ],
    retention: { kind: 'none' },
  },
  {
    table: 'room_bookings',
    label: '회의실 예약',
    personal: {
      organizer_id: who(),
      title: col('content', 'service', 'contract', SELF_SEED),
      attendees: col('contact', 'service', 'contract', SELF_SEED),
      agenda: col('content', 'service', 'contract', SELF_SEED),
      minutes: col('content', 'service', 'contract', SELF_SEED),
    },
    other: ['id', 'seed_id', 'room_id', 'starts_at', 'ends_at', 'status', 'series_id', 'checked_in_at', 'created_at', 'updated_at'],
    // Bookings the person organised stay (other attendees still meet; organizer_id names the tombstone); every
    // booking loses the person's attendee entry (their e-mail and name).
    subjects: {
      user: `organizer_id = $1 OR ${jsonbListNames('attendees')}`,
      email: jsonbListNames('attendees'),
      // A guest of the seed's meetings, known by e-mail only: the seed owner can answer their request.
      seedEmail: `${jsonbListNames('attendees')} AND seed_id = $2`,
    },
    // A booking the subject only attends: when and where, and their own attendee entry; not the title, agenda,
    // minutes, organiser or the other attendees.
    mentionExport: {
      columns: ['id', 'room_id', 'starts_at', 'ends_at', 'status', 'attendees'],
      ownEntries: { column: 'attendees', emailKey: 'email' },
      owner: 'organizer_id = $1',
    },
    retention: { kind: 'account' },
    erase: { kind: 'anonymise', set: { attendees: jsonbListWithout('attendees') } },
    sentTo: ['mail', 'slack'],
  },
  {
    table: 'room_settings',
    label: '회의실 설정',
    personal: {},
    other: ['seed_id', 'reminder_minutes', 'auto_release', 'updated_at'],
    retention: { kind: 'none' },
  },
  {
    table: 'room_jobs',
    label: '회의실 예약 작업(이전 버전)',
    personal: {},
    other: ['id', 'booking_id', 'kind', 'run_at', 'status', 'attempts', 'locked_until', 'created_at', 'done_at'],
    retention: { kind: 'none' },
  },
  {
    table: 'room_events',
    label: '회의실 이용 기록',
    personal: { actor_id: who(SEED), detail: col('usage', 'service', 'contract', SEED) },
    other: ['id', 'seed_id', 'booking_id', 'room_id', 'action', 'created_at'],
    subjects: { user: 'actor_id = $1' },
    retention: { kind: 'days', days: 365, column: 'created_at' },
    erase: { kind: 'anonymise', set: { actor_id: 'NULL' } },
  },
  {
    table: 'room_closed_days',
    label: '회의실 휴무일',
    personal: { created_by_id: who(SEED) },
    other: ['id', 'seed_id', 'date', 'name', 'created_at'],
    subjects: { user: 'created_by_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'anonymise', set: { created_by_id: 'NULL' } },
  },
  {
    table: 'room_feed_tokens',
    label: '캘린더 구독 주소',
    personal: { user_id: who(SELF), token_hash: secret() },
    other: ['created_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'room_displays',
    label: '회의실 문 앞 화면',
    personal: { created_by_id: who(SEED), token_hash: secret() },
    other: ['id', 'seed_id', 'room_id', 'name', 'created_at', 'last_seen_at', 'revoked_at'],
    subjects: { user: 'created_by_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'room_check_in_codes',
    label: '회의실 QR 체크인 코드',
    personal: {},
    other: ['room_id', 'seed_id', 'code', 'rotated_at'],
    retention: { kind: 'none' },
  },
  {
    table: 'room_minutes_items',
    label: '회의록의 결정 사항과 할 일',
    personal: { decisions: col('content', 'service', 'contract', SELF_SEED), actions: col('content', 'service', 'contract', SELF_SEED) },
    other: ['booking_id', 'seed_id', 'source', 'minutes_hash', 'updated_at'],
    subjects: { user: "EXISTS (SELECT 1 FROM jsonb_array_elements(actions) a WHERE a->>'ownerUserId' = $1::text)" },
    retention: { kind: 'account' },
    // The person stops being named as an owner; the items stay for the others who met.
    erase: {
      kind: 'anonymise',
      set: {
        actions: `COALESCE((SELECT jsonb_agg(CASE WHEN x.a->>'ownerUserId' = $1::text THEN x.a || '{"ownerUserId":null,"ownerName":null}'::jsonb ELSE x.a END ORDER BY x.n) FROM jsonb_array_elements(actions) WITH ORDINALITY AS x(a, n)), '[]'::jsonb)`,
      },
    },
    sentTo: ['mail'],
  },
];

const MEAL: TTableMap[] = [
  {
    table: 'meals',
    label: '식사 라운드',
    personal: {
      host_id: who(),
      sponsor_id: who(),
      paid_by_id: who(),
      payers: col('usage', 'service', 'contract', SELF_SEED),
      title: col('content', 'service', 'contract', SELF_SEED),
      restaurant: col('usage', 'service', 'contract', SELF_SEED),
      options: col('usage', 'service', 'contract', SELF_SEED),
    },
    other: [
      'id',
      'seed_id',
      'meal_date',
      'deadline',
      'mode',
      'split',
      'payer_count',
      'status',
      'server_seed',
      'commitment',
      'h',
      'closed_at',
      'drawn_at',
      'created_at',
      'outing_id',
      'part_no',
      'bill_amount',
      'pay_with',
      'apply_policy',
      'slack_channel',
      'slack_ts',
    ],
    // Rounds the person hosted, sponsored or paid stay whole (everyone's shares and the draw's proof): host, sponsor,
    // payer ids and the drawn payers' userId name the tombstone. No free-text column names the person.
    subjects: { user: "host_id = $1 OR sponsor_id = $1 OR paid_by_id = $1 OR payers @> jsonb_build_array(jsonb_build_object('userId', $1::text))" },
    retention: { kind: 'account' },
    erase: { kind: 'anonymise', set: {} },
    sentTo: ['slack'],
  },
  {
    table: 'meal_participants',
    label: '식사 참여',
    personal: {
      user_id: who(),
      status: col('usage', 'service', 'contract', SELF_SEED),
      choice: col('usage', 'service', 'contract', SELF_SEED),
      price: col('usage', 'service', 'contract', SELF_SEED),
      client_seed: col('usage', 'service', 'contract', SELF_SEED),
    },
    other: ['meal_id', 'updated_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    // The round's record of who joined and chose what (no name in it): stays with the tombstone's id.
    erase: { kind: 'anonymise', set: {} },
  },
  {
    table: 'meal_ledger',
    label: '식비 정산 장부',
    personal: {
      from_user_id: who(),
      to_user_id: who(),
      created_by_id: who(),
      amount: col('usage', 'service', 'contract', SELF_SEED),
    },
    other: ['id', 'seed_id', 'meal_id', 'kind', 'created_at'],
    subjects: { user: 'from_user_id = $1 OR to_user_id = $1' },
    retention: { kind: 'account' },
    // Other members' balances are computed from these rows: they stay, naming the tombstone.
    erase: { kind: 'anonymise', set: {} },
  },
  {
    table: 'meal_shares',
    label: '식비 부담 내역',
    personal: { user_id: who(), amount: col('usage', 'service', 'contract', SELF_SEED) },
    other: ['meal_id', 'seed_id', 'meal_date'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    // The round's money record (totals, others' shares): stays with the tombstone's id.
    erase: { kind: 'anonymise', set: {} },
  },
  {
    table: 'meal_profiles',
    label: '식사 프로필 (송금 계좌·식이 정보)',
    personal: {
      user_id: who(SELF),
      bank_name: col('payment', 'service', 'consent', SELF_SEED),
      account_number: col('payment', 'service', 'consent', SELF_SEED),
      account_holder: col('payment', 'service', 'consent', SELF_SEED),
      kakao_pay_link: col('payment', 'service', 'consent', SELF_SEED),
      dietary: col('profile', 'service', 'consent', SELF_SEED),
      dietary_note: col('profile', 'service', 'consent', SELF_SEED),
      favourites: col('usage', 'service', 'consent', SELF_SEED),
    },
    other: ['updated_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    // Only the person's: deleted.
    erase: { kind: 'delete' },
  },
  {
    table: 'meal_transfers',
    label: '식비 송금 내역',
    personal: {
      from_user_id: who(),
      to_user_id: who(),
      confirmed_by_id: who(),
      amount: col('payment', 'service', 'contract', SELF_SEED),
      method: col('usage', 'service', 'contract', SELF_SEED),
    },
    other: ['id', 'seed_id', 'status', 'sent_at', 'confirmed_at', 'ledger_id', 'created_at'],
    subjects: { user: 'from_user_id = $1 OR to_user_id = $1' },
    retention: { kind: 'account' },
    // The other party's record of the money: stays, naming the tombstone.
    erase: { kind: 'anonymise', set: {} },
  },
  {
    table: 'meal_settings',
    label: '식사 정책 설정',
    personal: { company_card_holder_id: who(SEED), spender_ids: col('identity', 'service', 'contract', SEED) },
    other: ['seed_id', 'reminder_every_days', 'reminder_hour', 'subsidy_per_day', 'spenders', 'updated_at'],
    subjects: { user: 'company_card_holder_id = $1 OR spender_ids @> jsonb_build_array($1::text)' },
    retention: { kind: 'account' },
    // The seed's policy names the person as card holder or spender: the tombstone's id stays until an admin changes it.
    erase: { kind: 'anonymise', set: {} },
  },
  {
    table: 'meal_teams',
    label: '식대 예산 팀',
    personal: {},
    other: ['id', 'seed_id', 'name', 'monthly_budget', 'created_at'],
    retention: { kind: 'none' },
  },
  {
    table: 'meal_team_members',
    label: '식대 예산 팀 구성원',
    personal: { user_id: who() },
    other: ['seed_id', 'team_id'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'meal_company_shares',
    label: '회사 부담 식대 내역',
    personal: { user_id: who(), amount: col('payment', 'service', 'contract', SELF_SEED) },
    other: ['id', 'seed_id', 'meal_id', 'team_id', 'kind', 'month', 'meal_date', 'created_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    // The company's accounts for the month: stay with the tombstone's id.
    erase: { kind: 'anonymise', set: {} },
  },
  {
    table: 'meal_receipts',
    label: '식사 영수증',
    personal: { uploaded_by_id: who(), data: col('content', 'service', 'contract', SELF_SEED) },
    other: ['id', 'seed_id', 'meal_id', 'content_type', 'byte_size', 'sha256', 'created_at'],
    subjects: { user: 'uploaded_by_id = $1' },
    retention: { kind: 'account' },
    // Everyone's proof of the bill: stays; the uploader's id names the tombstone.
    erase: { kind: 'anonymise', set: {} },
  },
];

const NOTIFICATIONS: TTableMap[] = [
  {
    table: 'notification_preferences',
    label: '알림 설정',
    personal: {
      user_id: who(SELF),
      events: col('profile', 'service', 'contract', SELF),
      quiet_start: col('profile', 'service', 'contract', SELF),
      quiet_end: col('profile', 'service', 'contract', SELF),
      digest: col('profile', 'service', 'contract', SELF),
      webhook_url: col('contact', 'service', 'contract', SELF),
      webhook_secret: secret(),
    },
    other: ['scope', 'updated_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'notifications',
    label: '받은 알림',
    personal: {
      user_id: who(SELF),
      title: col('content', 'service', 'contract', SELF),
      body: col('content', 'service', 'contract', SELF),
      link: col('content', 'service', 'contract', SELF),
      read_at: col('usage', 'service', 'contract', SELF),
    },
    other: ['id', 'seed_id', 'event', 'dedupe_key', 'urgent', 'inbox', 'created_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'days', days: 90, column: 'created_at', note: 'notifications.purge-old' },
    erase: { kind: 'delete' },
    sentTo: ['mail', 'slack'],
  },
  {
    table: 'notification_deliveries',
    label: '알림 발송 기록',
    personal: { user_id: who(SELF_PLATFORM), last_error: col('usage', 'service', 'contract', PLATFORM) },
    other: ['id', 'notice_id', 'event', 'channel', 'status', 'attempts', 'run_at', 'locked_until', 'digest', 'sent_at', 'created_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'days', days: 90, column: 'created_at', note: 'notifications.purge-old' },
    erase: { kind: 'delete' },
  },
];

const CHATBOT: TTableMap[] = [
  {
    table: 'chatbots',
    label: '챗봇',
    personal: {},
    other: [
      'id',
      'seed_id',
      'name',
      'greeting',
      'allowed_origins',
      'brand_color',
      'slack_channel_id',
      'refused_origins',
      'capped_at',
      'synonyms',
      'created_at',
    ],
    retention: { kind: 'none' },
  },
  {
    table: 'knowledge_sources',
    label: '지식 문서',
    personal: { created_by: who(SELF_SEED) },
    other: [
      'id',
      'seed_id',
      'chatbot_id',
      'slack_workspace_id',
      'kind',
      'title',
      'question',
      'answer',
      'phrasings',
      'source_url',
      'content',
      'cited_count',
      'fetched_at',
      'created_at',
    ],
    subjects: { user: 'created_by = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'anonymise', set: { created_by: 'NULL' } },
  },
  {
    table: 'knowledge_passages',
    label: '지식 문서 조각',
    personal: {},
    other: ['id', 'source_id', 'seed_id', 'ord', 'content', 'grams', 'embedding', 'embedding_model'],
    retention: { kind: 'none' },
    sentTo: ['llm'],
  },
  {
    table: 'chatbot_conversations',
    label: '챗봇 대화',
    personal: { token_hash: secret() },
    other: ['id', 'chatbot_id', 'origin', 'handed_off', 'created_at'],
    subjects: {
      chatbotVisitor: `id::text = $1 AND ${BOT_OF_SEED}`,
      seedEmail: `id IN (SELECT conversation_id FROM chatbot_tickets WHERE lower(email) = $1) AND ${BOT_OF_SEED}`,
    },
    mentionExport: { columns: ['id', 'chatbot_id', 'origin', 'handed_off', 'created_at'] },
    retention: { kind: 'days', days: 365, column: 'created_at', note: '챗봇 문의 안내문의 1년' },
    erase: { kind: 'delete' },
    sentTo: ['llm'],
  },
  {
    table: 'chatbot_messages',
    label: '챗봇 대화 메시지',
    personal: {
      text: col('content', 'service', 'contract', SEED),
      question: col('content', 'service', 'contract', SEED),
      feedback: col('usage', 'service', 'contract', SEED),
    },
    other: ['id', 'conversation_id', 'chatbot_id', 'role', 'answered', 'mode', 'sources', 'source_id', 'taught_source_id', 'taught_at', 'created_at'],
    subjects: {
      chatbotVisitor: `conversation_id::text = $1 AND ${BOT_OF_SEED}`,
      seedEmail: `conversation_id IN (SELECT conversation_id FROM chatbot_tickets WHERE lower(email) = $1) AND ${BOT_OF_SEED}`,
    },
    // The customer's own conversation: what they and the bot said, not the seed's sources and teaching.
    mentionExport: { columns: ['id', 'conversation_id', 'role', 'text', 'question', 'feedback', 'created_at'] },
    retention: { kind: 'days', days: 365, column: 'created_at', note: '챗봇 문의 안내문의 1년' },
    erase: { kind: 'delete' },
    sentTo: ['llm'],
  },
  {
    table: 'chatbot_tickets',
    label: '챗봇 상담 요청',
    personal: {
      email: col('contact', 'support', 'consent', SEED),
      name: col('identity', 'support', 'consent', SEED),
      message: col('content', 'support', 'consent', SEED),
      transcript: col('content', 'support', 'consent', SEED),
      answer: col('content', 'support', 'consent', SEED),
      answered_by: who(SEED),
    },
    other: ['id', 'chatbot_id', 'conversation_id', 'status', 'created_at', 'answered_at', 'notified_at'],
    subjects: {
      seedEmail: `lower(email) = $1 AND ${BOT_OF_SEED}`,
      chatbotVisitor: `conversation_id::text = $1 AND ${BOT_OF_SEED}`,
    },
    // The customer's own hand-off, without the staff member who answered.
    mentionExport: {
      columns: ['id', 'conversation_id', 'email', 'name', 'message', 'transcript', 'answer', 'status', 'created_at', 'answered_at'],
    },
    retention: { kind: 'days', days: 365, column: 'created_at', note: 'chatbot.purge-tickets (TICKET_RETENTION_DAYS)' },
    erase: { kind: 'delete' },
    sentTo: ['mail', 'slack'],
  },
  {
    table: 'chatbot_office_hours',
    label: '챗봇 상담 시간',
    personal: {},
    other: ['chatbot_id', 'weekdays', 'opens_at', 'closes_at', 'open_on_holidays', 'updated_at'],
    retention: { kind: 'none' },
  },
  {
    table: 'chatbot_agent_presence',
    label: '챗봇 상담 가능 상태',
    personal: { user_id: who(SEED), online_until: col('usage', 'service', 'contract', SEED) },
    other: ['seed_id'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
  {
    table: 'chatbot_live_chats',
    label: '챗봇 실시간 상담',
    personal: { agent_id: who(SEED) },
    other: ['conversation_id', 'chatbot_id', 'status', 'requested_at', 'taken_at', 'ended_at'],
    subjects: { user: 'agent_id = $1', chatbotVisitor: `conversation_id::text = $1 AND ${BOT_OF_SEED}` },
    mentionExport: { columns: ['conversation_id', 'status', 'requested_at', 'taken_at', 'ended_at'] },
    retention: { kind: 'days', days: 365, column: 'requested_at', note: '챗봇 대화와 같이 1년' },
    erase: { kind: 'anonymise', set: { agent_id: 'NULL' } },
  },
];

const SLACK: TTableMap[] = [
  {
    table: 'slack_oauth_states',
    label: 'Slack 연결 진행 상태',
    personal: { user_id: who(SYSTEM), state_hash: secret() },
    other: ['seed_id', 'expires_at', 'created_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'transient', note: '만료 하루 뒤 삭제' },
    erase: { kind: 'delete' },
  },
  {
    table: 'slack_workspaces',
    label: '연결된 Slack 워크스페이스',
    personal: {
      installed_by: who(SEED),
      installer_slack_user_id: col('identity', 'service', 'contract', SEED),
      bot_token_enc: secret(),
    },
    other: ['id', 'seed_id', 'team_id', 'team_name', 'bot_user_id', 'scopes', 'status', 'settings', 'created_at', 'updated_at', 'disconnected_at'],
    subjects: { user: 'installed_by = $1', slackUser: 'installer_slack_user_id = $1 AND seed_id = $2' },
    retention: { kind: 'account' },
    erase: {
      kind: 'anonymise',
      set: { installed_by: nullIfSubject('installed_by'), installer_slack_user_id: nullIfSubject('installer_slack_user_id') },
    },
  },
  {
    table: 'slack_events',
    label: 'Slack AI 질문과 답변 기록',
    personal: {
      slack_user_id: col('identity', 'service', 'contract', SEED),
      question: col('content', 'service', 'contract', SEED),
      answer: col('content', 'service', 'contract', SEED),
      payload: col('content', 'service', 'contract', SYSTEM),
    },
    other: [
      'id',
      'workspace_id',
      'event_id',
      'kind',
      'channel',
      'thread_ts',
      'status',
      'mode',
      'attempts',
      'latency_ms',
      'prompt_tokens',
      'completion_tokens',
      'sources',
      'error',
      'created_at',
      'answered_at',
    ],
    subjects: { slackUser: `slack_user_id = $1 AND ${WORKSPACE_OF_SEED}` },
    retention: { kind: 'days', days: 365, column: 'created_at' },
    erase: { kind: 'delete' },
    sentTo: ['llm', 'slack'],
  },
  {
    table: 'slack_messages',
    label: 'Slack 채널 메시지 사본',
    personal: { slack_user_id: col('identity', 'service', 'contract', SYSTEM), text: col('content', 'service', 'contract', SYSTEM) },
    other: ['id', 'workspace_id', 'channel', 'ts', 'thread_ts', 'edited_at', 'created_at'],
    subjects: { slackUser: `slack_user_id = $1 AND ${WORKSPACE_OF_SEED}` },
    retention: {
      kind: 'days',
      days: 90,
      column: 'created_at',
      note: '워크스페이스 설정의 보관 기간(기본 90일, slack.mirror-retention)',
    },
    erase: { kind: 'delete' },
    sentTo: ['llm'],
  },
  {
    table: 'slack_token_usage',
    label: 'Slack AI 토큰 사용량',
    personal: {},
    other: ['id', 'workspace_id', 'kind', 'tokens', 'created_at'],
    retention: { kind: 'none' },
  },
];

const BUILDERS: TTableMap[] = [
  {
    table: 'api_connections',
    label: 'API 빌더 데이터베이스 연결',
    personal: { created_by: who(SEED), username: col('credential', 'service', 'contract', SEED), password_enc: secret() },
    other: [
      'id',
      'seed_id',
      'name',
      'engine',
      'host',
      'port',
      'database',
      'tls',
      'statement_timeout_ms',
      'row_cap',
      'can_write',
      'schema_info',
      'synced_at',
      'created_at',
    ],
    subjects: { user: 'created_by = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'anonymise', set: { created_by: 'NULL' } },
  },
  {
    table: 'api_definitions',
    label: 'API 정의',
    personal: {},
    other: ['id', 'seed_id', 'connection_id', 'tables', 'cache_mode', 'cache_ttl_seconds', 'internal', 'created_at'],
    retention: { kind: 'none' },
  },
  {
    table: 'api_keys',
    label: 'API 키',
    personal: {},
    // key_hash is the seed's secret, not a person's; no subject link reaches this table.
    other: ['id', 'seed_id', 'api_id', 'name', 'key_hash', 'key_prefix', 'methods', 'tables', 'rate_limit_per_minute', 'created_at', 'revoked_at'],
    retention: { kind: 'none' },
  },
  {
    table: 'api_key_usage_daily',
    label: 'API 키 일별 호출 수',
    personal: {},
    other: ['key_id', 'api_id', 'day', 'calls', 'cache_hits', 'cache_misses'],
    retention: { kind: 'none' },
  },
  {
    table: 'seed_domains',
    label: '연결한 도메인',
    personal: {},
    // A company's host names and their DNS check state; the DKIM private key is the seed's secret, not a person's.
    other: [
      'id',
      'seed_id',
      'host',
      'purpose',
      'status',
      'token',
      'error',
      'dkim_selector',
      'dkim_public_key',
      'dkim_private_key_sealed',
      'failures',
      'checked_at',
      'next_check_at',
      'verified_at',
      'created_at',
    ],
    retention: { kind: 'none' },
  },
  {
    table: 'admin_apps',
    label: '관리자 페이지 앱',
    personal: { created_by: who(SEED) },
    other: ['id', 'seed_id', 'name', 'connection_id', 'api_id', 'tables', 'created_at'],
    subjects: { user: 'created_by = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'anonymise', set: { created_by: 'NULL' } },
  },
  {
    table: 'admin_table_settings',
    label: '관리자 페이지 표 설정',
    personal: {},
    other: ['app_id', 'table_name', 'settings', 'updated_at'],
    retention: { kind: 'none' },
  },
  {
    table: 'admin_audit_rows',
    label: '관리자 페이지 변경 기록',
    personal: {
      actor_id: who(SEED),
      actor_name: col('identity', 'security', 'law', SEED),
      before: col('content', 'security', 'law', SEED),
      after: col('content', 'security', 'law', SEED),
    },
    other: ['id', 'app_id', 'table_name', 'row_key', 'action', 'pending', 'created_at'],
    subjects: { user: 'actor_id = $1' },
    retention: { kind: 'days', days: 730, column: 'created_at', note: '개인정보처리시스템 접속기록에 준해 2년' },
    erase: { kind: 'anonymise', set: { actor_id: 'NULL', actor_name: "'탈퇴한 사용자'" } },
  },
  {
    table: 'admin_imports',
    label: '관리자 페이지 CSV 가져오기',
    personal: {
      actor_id: who(SEED),
      actor_name: col('identity', 'service', 'contract', SEED),
      rows: col('content', 'service', 'contract', SEED),
    },
    other: ['id', 'app_id', 'import_key', 'table_name', 'status', 'probe_before', 'result', 'created_at', 'updated_at'],
    subjects: { user: 'actor_id = $1' },
    retention: { kind: 'days', days: 30, column: 'created_at' },
    erase: { kind: 'anonymise', set: { actor_id: 'NULL', actor_name: "'탈퇴한 사용자'" } },
  },
];

const OPERATIONS: TTableMap[] = [
  {
    table: 'alert_rules',
    label: '모니터링 알림 규칙',
    personal: { created_by: who(PLATFORM), channels: col('contact', 'security', 'contract', PLATFORM), webhook_secret: secret() },
    other: ['id', 'name', 'kind', 'threshold', 'window_minutes', 'enabled', 'created_at', 'updated_at'],
    subjects: {
      user: 'created_by = $1',
      email: "EXISTS (SELECT 1 FROM jsonb_array_elements_text(channels->'mail') m WHERE lower(m) = $1)",
    },
    // The subject receives a rule's alerts: which rule, not its other recipients or settings.
    mentionExport: { columns: ['id', 'name', 'kind', 'enabled', 'created_at'] },
    retention: { kind: 'account' },
    erase: {
      kind: 'anonymise',
      set: {
        created_by: nullIfSubject('created_by'),
        channels:
          "jsonb_set(channels, '{mail}', COALESCE((SELECT jsonb_agg(m) FROM jsonb_array_elements_text(channels->'mail') m WHERE lower(m) IS DISTINCT FROM $1::text), '[]'::jsonb))",
      },
    },
    sentTo: ['mail', 'slack'],
  },
  {
    table: 'alert_incidents',
    label: '모니터링 장애 기록',
    personal: {},
    other: ['id', 'rule_id', 'opened_at', 'resolved_at', 'value', 'threshold', 'detail'],
    retention: { kind: 'none' },
  },
  {
    table: 'monitoring_instances',
    label: '서버 인스턴스 상태',
    personal: {},
    other: ['id', 'host', 'pid', 'version', 'started_at', 'seen_at', 'stats', 'schedules'],
    retention: { kind: 'none' },
  },
  {
    table: 'monitoring_outside_services',
    label: '외부 서비스 상태',
    personal: {},
    other: ['service', 'last_success_at', 'last_failure_at', 'last_error', 'failures_in_row'],
    retention: { kind: 'none' },
  },
  {
    table: 'database_backups',
    label: '데이터베이스 백업 기록',
    personal: {},
    other: ['id', 'made_at', 'file', 'size_bytes', 'engine'],
    retention: { kind: 'none' },
  },
  {
    table: 'jobs',
    label: '예약 작업',
    // Payloads are mostly ids; an alert mail job names its recipient, an export job its subject.
    personal: { payload: col('contact', 'service', 'contract', SYSTEM) },
    other: ['id', 'kind', 'key', 'run_at', 'attempts', 'max_attempts', 'locked_until', 'last_error', 'done_at', 'cancelled_at', 'failed_at', 'created_at'],
    retention: { kind: 'transient', note: '끝난 작업은 30일 뒤 삭제 (jobs.purge-finished)' },
  },
  ...['traffic_minutes', 'traffic_hours'].map((table): TTableMap => ({
    table,
    label: table === 'traffic_minutes' ? '분 단위 트래픽 통계' : '시간 단위 트래픽 통계',
    personal: {},
    other: [
      'bucket',
      'method',
      'route',
      'service',
      'seed_id',
      'requests',
      'client_errors',
      'server_errors',
      'rate_limited',
      'cache_hits',
      'cache_misses',
      'latency_sum_ms',
      'latency_max_ms',
      ...Array.from({ length: 25 }, (_, i) => `l${i}`),
    ],
    retention: { kind: 'none' },
  })),
  { table: 'traffic_mails', label: '시간 단위 메일 발송 수', personal: {}, other: ['bucket', 'seed_id', 'mails'], retention: { kind: 'none' } },
  { table: 'user_counts', label: '회원 수 집계', personal: {}, other: ['id', 'live'], retention: { kind: 'none' } },
];

const BILLING: TTableMap[] = [
  {
    table: 'billing_events',
    label: '사용량 계량 이벤트',
    personal: {},
    other: ['id', 'seed_id', 'meter', 'quantity', 'period', 'occurred_at', 'created_at'],
    retention: { kind: 'none' },
  },
  {
    table: 'billing_usage',
    label: '월별 사용량',
    personal: {},
    other: ['seed_id', 'period', 'meter', 'value', 'events', 'updated_at'],
    retention: { kind: 'none' },
  },
  {
    table: 'billing_subscriptions',
    label: '요금제 구독',
    personal: {},
    other: [
      'seed_id',
      'plan_id',
      'interval',
      'period_start',
      'period_end',
      'next_plan_id',
      'next_interval',
      'status',
      'past_due_since',
      'grace_ends_at',
      'version',
      'created_at',
      'updated_at',
    ],
    retention: { kind: 'none' },
  },
  {
    table: 'billing_payment_methods',
    label: '결제 수단',
    personal: {
      registered_by: who(SEED),
      card_company: col('payment', 'billing', 'contract', SEED),
      card_number: col('payment', 'billing', 'contract', SEED),
      card_type: col('payment', 'billing', 'contract', SEED),
      owner_type: col('payment', 'billing', 'contract', SEED),
      card_expires_on: col('payment', 'billing', 'contract', SEED),
      billing_key_sealed: secret(),
    },
    other: ['seed_id', 'kind', 'customer_key', 'created_at', 'updated_at'],
    subjects: { user: 'registered_by = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'anonymise', set: { registered_by: 'NULL' } },
    sentTo: ['toss'],
  },
  {
    table: 'billing_businesses',
    label: '청구 사업자 정보',
    personal: {
      business_number: col('payment', 'billing', 'law', SEED_PLATFORM),
      name: col('payment', 'billing', 'law', SEED_PLATFORM),
      ceo: col('identity', 'billing', 'law', SEED_PLATFORM),
      address: col('contact', 'billing', 'law', SEED_PLATFORM),
      email: col('contact', 'billing', 'law', SEED_PLATFORM),
    },
    other: ['seed_id', 'business_type', 'business_item', 'tax_type', 'nts_checked_at', 'updated_at'],
    subjects: { email: 'lower(email) = $1' },
    retention: { kind: 'account' },
    // The subject is the company's billing contact: the address, not the company's details.
    mentionExport: { columns: ['seed_id', 'email', 'updated_at'] },
    // The seed's (company's) billing contact: the seed keeps it; a new contact replaces it.
    erase: { kind: 'anonymise', set: { email: "''" } },
    sentTo: ['popbill', 'nts', 'toss'],
  },
  {
    table: 'billing_invoices',
    label: '청구서와 결제 기록',
    personal: {
      buyer: col('payment', 'billing', 'law', SEED_PLATFORM),
      virtual_account: col('payment', 'billing', 'law', SEED_PLATFORM),
      cash_receipt: col('payment', 'billing', 'law', SEED_PLATFORM),
      deposit_secret_sealed: secret(),
    },
    other: [
      'id',
      'seed_id',
      'number',
      'kind',
      'period_start',
      'period_end',
      'lines',
      'supply',
      'vat',
      'total',
      'status',
      'method',
      'order_id',
      'idempotency_key',
      'payment_key',
      'attempts',
      'charging_until',
      'next_attempt_at',
      'paid_at',
      'receipt_url',
      'refunded_amount',
      'seller',
      'created_at',
      'updated_at',
    ],
    subjects: { email: "lower(buyer->>'email') = $1" },
    // Invoices mailed to the subject as the buyer's contact: the invoice's facts, not the company's details.
    mentionExport: { columns: ['id', 'number', 'kind', 'period_start', 'period_end', 'total', 'status', 'created_at', 'paid_at'] },
    retention: {
      kind: 'law',
      years: 7,
      law: '국세기본법 제85조의3(과세기간의 법정신고기한부터 5년: 발행일부터 7년 보관), 전자상거래법 제6조',
      column: 'created_at',
    },
    erase: { kind: 'keep', why: '거래 기록은 국세기본법과 전자상거래법에 따라 법정신고기한부터 5년(발행일부터 7년) 동안 보존합니다.' },
    sentTo: ['toss', 'popbill'],
  },
  {
    table: 'billing_payment_attempts',
    label: '결제 시도 기록',
    personal: {},
    other: ['id', 'invoice_id', 'seed_id', 'attempt', 'amount', 'outcome', 'code', 'message', 'payment_key', 'at'],
    retention: { kind: 'none' },
  },
  {
    table: 'billing_tax_invoices',
    label: '세금계산서',
    personal: {},
    other: [
      'id',
      'seed_id',
      'month',
      'kind',
      'original_id',
      'mgt_key',
      'invoice_ids',
      'supply',
      'tax',
      'total',
      'state',
      'state_code',
      'nts_confirm_num',
      'nts_result',
      'error',
      'issued_at',
      'state_checked_at',
      'created_at',
    ],
    retention: {
      kind: 'law',
      years: 7,
      law: '국세기본법 제85조의3(과세기간의 법정신고기한부터 5년: 발행일부터 7년 보관), 부가가치세법 제71조',
      column: 'created_at',
    },
    erase: { kind: 'keep', why: '세금계산서는 국세기본법과 부가가치세법에 따라 법정신고기한부터 5년(발행일부터 7년) 동안 보존합니다.' },
    sentTo: ['popbill', 'nts'],
  },
  {
    table: 'billing_webhook_events',
    label: '결제 웹훅 수신 기록',
    personal: { detail: col('payment', 'billing', 'contract', PLATFORM) },
    other: ['id', 'source', 'event_type', 'outcome', 'received_at'],
    retention: { kind: 'days', days: 90, column: 'received_at', note: 'billing.purge-webhooks' },
  },
];

const PRIVACY: TTableMap[] = [
  {
    table: 'privacy_exports',
    label: '개인정보 내려받기',
    personal: { user_id: who(SELF), token_hash: secret() },
    other: ['id', 'request_id', 'status', 'file_name', 'size_bytes', 'rows', 'error', 'created_at', 'ready_at', 'expires_at'],
    subjects: { user: 'user_id = $1' },
    retention: { kind: 'days', days: 30, column: 'created_at', note: '파일은 준비 후 24시간 뒤 만료' },
    erase: { kind: 'delete' },
  },
  {
    table: 'privacy_requests',
    label: '고객 개인정보 요청 처리 기록',
    personal: {
      requested_by: who(SEED),
      subject_masked: col('identity', 'legal', 'law', SEED),
      subject_hash: col('identity', 'legal', 'law', SYSTEM),
    },
    other: ['id', 'seed_id', 'kind', 'subject_kind', 'status', 'receipt', 'export_id', 'created_at', 'completed_at'],
    subjects: { user: 'requested_by = $1' },
    retention: { kind: 'days', days: 1095, column: 'created_at', note: '정보주체 권리 행사 처리 기록, 3년' },
    erase: { kind: 'anonymise', set: { requested_by: 'NULL' } },
  },
  {
    table: 'privacy_access_log',
    label: '개인정보 접근 기록',
    personal: {
      actor_id: who(PLATFORM),
      actor_email: col('contact', 'legal', 'law', PLATFORM),
      subject: col('identity', 'legal', 'law', PLATFORM),
      reason: col('content', 'legal', 'law', PLATFORM),
      ip: col('access_log', 'legal', 'law', PLATFORM),
    },
    other: ['id', 'scope', 'seed_id', 'action', 'created_at'],
    subjects: { user: 'actor_id = $1', email: 'lower(actor_email) = $1' },
    // Accesses under the subject's address (not their account): what and when, not whose data or why.
    mentionExport: { columns: ['id', 'scope', 'action', 'actor_email', 'created_at'] },
    retention: { kind: 'law', years: 2, law: '개인정보의 안전성 확보조치 기준 제8조', column: 'created_at' },
    erase: { kind: 'keep', why: '개인정보 접근 기록은 안전성 확보조치 기준에 따라 2년 동안 보존합니다.' },
  },
];

export const DATA_MAP: readonly TTableMap[] = [
  ...ACCOUNTS,
  ...SEEDS,
  ...ROOMS,
  ...MEAL,
  ...NOTIFICATIONS,
  ...CHATBOT,
  ...SLACK,
  ...BUILDERS,
  ...OPERATIONS,
  ...BILLING,
  ...PRIVACY,
];

/** The map entry of a table (undefined when the table is not mapped). */
export const mapEntry = (table: string): TTableMap | undefined => DATA_MAP.find((t) => t.table === table);
