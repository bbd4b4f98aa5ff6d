/**
 * The shape of the data map (issue 32, data-map.ts): every table of the database, every column of it classified,
 * and for tables that hold a person's data, how to find that person's rows, what erasure does and how long rows live.
 * Export (export.service.ts), erasure (erasure.service.ts), retention (retention.ts), seed owners' requests
 * (seed-requests.service.ts) and the generated privacy policy (policy.ts) all read this one map.
 */

/** What kind of personal datum a column holds (the policy's 처리하는 개인정보의 항목 groups by it). */
export type TPersonalCategory =
  | 'identity' // 이름, 계정 식별자
  | 'contact' // 이메일, 전화번호, 주소
  | 'credential' // 비밀번호 해시, 토큰, 인증 비밀 (never exported in clear: see `exportable`)
  | 'profile' // 프로필 사진, 표시 이름, 설정
  | 'content' // 사람이 쓴 내용: 메시지, 대화, 회의록, 문서
  | 'usage' // 서비스 이용 기록: 예약, 식사 참여, 호출 수
  | 'access_log' // 접속 기록: IP, 브라우저, 로그인 시각
  | 'payment' // 결제 수단(마스킹된 카드), 청구 정보, 사업자 정보
  | 'consent'; // 동의 기록

/** Why it is processed (the policy's 처리 목적; the keys are described in Korean in policy.ts). */
export type TPurpose =
  | 'account' // 회원 가입과 관리, 본인 확인
  | 'security' // 부정 이용 방지, 보안, 접속 기록 보관
  | 'service' // 서비스 제공 (회의실, 식사, 채팅 AI, 챗봇, API/관리자 빌더)
  | 'billing' // 요금 정산, 세금계산서
  | 'support' // 문의 처리, 베타 안내
  | 'marketing' // 마케팅 (선택 동의)
  | 'legal'; // 법령상 의무 (보존, 접근 기록)

/** The legal basis under PIPA: 계약 이행 (제15조 1항 4호), 동의 (1호), 법령 (2호·3호). */
export type TLegalBasis = 'contract' | 'consent' | 'law';

/** Who may read the column: the person, their seed's admins, the platform admin, or only the system. */
export type TReader = 'self' | 'seed_admin' | 'platform_admin' | 'system';

export type TPersonalColumn = {
  category: TPersonalCategory;
  purpose: TPurpose;
  basis: TLegalBasis;
  readers: readonly TReader[];
  /** False for secrets (hashes, sealed tokens): the export says the column exists but not its value. Default true. */
  exportable?: boolean;
};

/**
 * How long rows live. `account`: until the person's account is erased. `days`: rows whose `column` (a timestamp) is
 * older than `days` are purged (or anonymised, per `erase`) by the retention schedule. `law`: kept for `years` by
 * the named law, also after erasure (the policy lists it; erasure leaves such rows). `transient`: short-lived rows
 * that their own module prunes (tokens, flows); `none`: the table holds no personal data.
 */
export type TRetention =
  | { kind: 'account' }
  | { kind: 'days'; days: number; column: string; note?: string }
  | { kind: 'law'; years: number; law: string; column: string }
  | { kind: 'transient'; note: string }
  | { kind: 'none' };

/**
 * How to find a data subject's rows: a SQL boolean over the table's own columns (unqualified) with `$1` as the
 * subject's value (a user id, an e-mail address in lower case, a chatbot visitor id, a Slack user id). `seed`-scoped
 * subjects (visitors, Slack users) also get `$2` = the seed id, so a seed owner never reaches another seed's rows.
 */
export type TSubjectLinks = {
  /** A member's rows by their user id (self-service export and erasure). */
  user?: string;
  /** Rows that name a member by e-mail address without their id (invitations, attendee lists, beta applications). */
  email?: string;
  /** A seed's customer, by e-mail address, within that seed ($2). */
  seedEmail?: string;
  /** A seed's chatbot visitor ($1 visitor id, $2 seed id). */
  chatbotVisitor?: string;
  /** A seed's Slack user ($1 Slack user id, $2 seed id). */
  slackUser?: string;
};

/**
 * What erasing a subject does to their rows: delete them, anonymise the listed columns (column → SQL expression, e.g.
 * `NULL`, `''`, `'삭제된 사용자'`), or keep them (only with a `law` retention; the policy says so).
 * Anonymise expressions may use `$1`/`$2`, bound to the values of the link being applied (apply each link as its own
 * `UPDATE t SET col = expr WHERE link`, binding both with subjectCondition); they compare as text (`col::text = $1`),
 * since a user link's `$1` is a uuid and an e-mail link's is text. data-map.repository.ts checks that they run.
 */
export type TErase = { kind: 'delete' } | { kind: 'anonymise'; set: Readonly<Record<string, string>> } | { kind: 'keep'; why: string };

/**
 * What an export shows of a row that only mentions the subject (found through an `email`/`seedEmail` link, or a
 * `user` link row that `owner` does not accept): the listed columns only, and of `ownEntries.column` (a jsonb array of
 * objects) only the entries whose `emailKey` is the subject's address. Every table with such a link sets it
 * (export.test.ts checks). `owner`: a SQL clause ($1 = the member's id) for tables whose `user` link also matches
 * mentions (an attendee list): only rows it accepts are the member's own, exported whole.
 */
export type TMentionExport = {
  columns: readonly string[];
  ownEntries?: { column: string; emailKey: string };
  owner?: string;
};

export type TTableMap = {
  table: string;
  /** One Korean line for the policy and the export's README (e.g. '회의실 예약'). */
  label: string;
  /** The personal columns, classified. */
  personal: Readonly<Record<string, TPersonalColumn>>;
  /** Every other column, listed so that a new column is never unclassified (data-map.test.ts checks the union). */
  other: readonly string[];
  subjects?: TSubjectLinks;
  retention: TRetention;
  erase?: TErase;
  /** Outside services this table's data is sent to (keys of RECIPIENTS in recipients.ts), e.g. ['llm']. */
  sentTo?: readonly string[];
  /** How an export shows rows that only mention the subject (see TMentionExport). */
  mentionExport?: TMentionExport;
};
