/**
 * The privacy policy's version history (the 처리방침의 변경 article lists it). Every generated version records the
 * content hash of the policy it published (policyHash() in policy.ts: the text generated from the data map, the
 * recipients and the generator, without the operator's details). policy.test.ts fails when the generated text no
 * longer matches the last version's hash, so the map or the generator cannot change the policy without a new entry.
 */
export type TPolicyVersion = {
  version: string;
  /** YYYY-MM-DD. */
  effective: string;
  /** One Korean line: what changed. */
  summary: string;
  /** The generated policy's content hash; null for the hand-written first version. */
  hash: string | null;
};

export const POLICY_VERSIONS: readonly TPolicyVersion[] = [
  { version: '1', effective: '2025-09-01', summary: '최초 제정', hash: null },
  {
    version: '2',
    effective: '2026-11-27',
    summary:
      '서비스의 데이터 맵에서 생성하도록 전면 개정: 항목·목적·보유 기간을 표마다 명시, 위탁·제3자 제공·국외 이전 업체, 브라우저 저장 정보, 개인정보 관리 화면(내려받기, 동의 철회, 계정 삭제), 개인정보 보호책임자 지정',
    hash: '950e16c26e6edb12',
  },
  {
    // Items added, none taken away and no purpose widened: in force from the release that collects them (the next day
    // after version 2), so nothing is collected before the policy names it; a change that reduced rights would be
    // announced ahead instead.
    version: '3',
    effective: '2026-11-28',
    summary:
      '항목 추가: 식사 관리의 정산 받을 계좌·카카오페이 송금코드와 알레르기·식이 정보(선택, 동의), 송금 내역, 식대 정책(법인카드 담당자, 팀 예산), 식사 영수증; ' +
      '회의실 휴무일(관리자가 추가한 날과 추가한 회원), 예약 규칙과 팀 구성원, 규칙 예외 사유, 문 앞 화면과 QR 체크인, 회의록에서 뽑은 결정 사항과 할 일(담당자), ' +
      '캘린더 연결(구글 계정 주소, CalDAV 서버 주소·사용자 이름·앱 비밀번호는 암호화 보관)과 연결된 일정, 구글 연결 중 브라우저 쿠키; ' +
      '고객 챗봇의 주문 조회(조회 설정, 조회 중 입력한 주문번호는 암호화 보관), 상담 시간·상담 가능 상태·상담 연결 기록, 대화에서 가린 개인정보의 원문(암호화, 30일 보관); ' +
      'Slack AI의 대화 검색(보관 기간 안의 채널 메시지를 스레드 단위로 색인), 채널 다이제스트 설정·구독자·발송 기록, Slack에서 한 회의실·식사 동작(대기 중인 동작과 감사 기록), 봇이 답한 스레드, ' +
      '구글 드라이브·노션 연결(토큰은 암호화 보관, 문서별 열람 권한), 관리자 페이지의 사용자 지정 역할과 역할 배정, 가린 개인정보 열람 기록(열람 사유)',
    hash: 'b1696644facdda0c',
  },
  {
    // Items added, nothing taken away: in force from the release that collects them.
    version: '4',
    effective: '2026-11-29',
    summary: '항목 추가: 관리자 페이지의 저장된 보기(사람별 필터·정렬·열), 행 동작 설정(웹훅 서명 비밀은 암호화 보관)과 실행 기록(실행한 사람·대상 행·결과)',
    hash: '1956dad1f6c776d9',
  },
];

/** The version in force (the last entry). */
export const currentPolicyVersion = (): TPolicyVersion => POLICY_VERSIONS[POLICY_VERSIONS.length - 1]!;
