/**
 * Error codes that deliberately have no help article (issue 33): a customer cannot fix them, or the message already
 * says everything there is to do. Every other code of `errorCatalogue` must be listed in some article's `codes`
 * (help-codes.test.ts fails otherwise), so a new code needs either an article or a line here with its reason.
 */
export const WITHOUT_ARTICLE: Readonly<Record<string, string>> = {
  // Malformed requests: a bug in the caller (or a hand-made API call); the message and `details` say what is wrong.
  BAD_REQUEST: '요청 형식 오류: 메시지와 details가 어느 값이 틀렸는지 알려 준다',
  INVALID_JSON: '직접 만든 API 요청의 JSON 문법 오류: 고칠 곳은 호출한 프로그램',
  VALIDATION_FAILED: '입력값 검증 실패: 어느 칸이 틀렸는지 details와 폼이 바로 보여 준다',
  INVALID_TEXT: '널 문자·깨진 서로게이트: 정상적인 입력으로는 생기지 않는다',
  UNSUPPORTED_MEDIA_TYPE: 'Content-Type 오류: API를 직접 부르는 개발자용, 메시지로 충분',
  METHOD_NOT_ALLOWED: 'HTTP 메서드 오류: 호출한 프로그램의 버그',
  ROUTE_NOT_FOUND: '없는 API 경로: 호출한 프로그램의 버그 (API 문서 참고)',
  // Generic outcomes with nothing specific to do.
  FORBIDDEN: '일반 권한 거절: 기능별 권한 오류는 각자 코드와 도움말이 있다',
  CONFLICT: '일반 상태 충돌: 화면을 새로 고치면 되고, 구체적인 충돌은 각자 코드가 있다',
  INTERNAL: '서버 내부 오류: 사용자가 고칠 수 없고 운영자 로그로 추적한다',
  // "Not found" of something the user was just looking at: deleted meanwhile or a stale link; refreshing is all.
  NOT_FOUND: '대상이 없음: 이미 지워졌거나 링크가 오래됨, 새로 고치면 된다',
  USER_NOT_FOUND: '사용자가 없음: 이미 삭제되었거나 목록이 오래됨',
  IDENTITY_NOT_FOUND: '외부 계정 연결이 없음: 이미 해제되었음',
  SEED_NOT_FOUND: '시드가 없음: 삭제되었거나 멤버가 아님',
  DOMAIN_NOT_FOUND: '도메인이 없음: 이미 삭제되었음',
  ROOM_RULE: '회의실 예약 규칙 위반: 메시지가 규칙과 한도를 말하고, 관리자는 사유를 적어 예외로 예약할 수 있다',
};
