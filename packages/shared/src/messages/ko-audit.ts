/**
 * The audit log's actions in Korean: a short label and a one-line sentence of what happened to whom.
 * `a` is who did it (their email, or '시스템'), `t` the target (an email, a seed name, a workspace …).
 * An action missing here is shown by its code (add its line when a module adds an action).
 */
type TLine = { label: string; describe: (a: string, t: string) => string };

export const koAuditActions: Record<string, TLine> = {
  'auth.signup': { label: '회원가입', describe: (a) => `${a} 계정이 가입했습니다.` },
  'auth.signup_existing': { label: '가입 재시도', describe: (a, t) => `이미 가입된 이메일(${t || a})로 다시 가입을 시도했습니다.` },
  'auth.email_confirmed': { label: '이메일 인증', describe: (a) => `${a} 계정이 이메일 주소를 인증했습니다.` },
  'auth.login': { label: '로그인', describe: (a) => `${a} 계정이 로그인했습니다.` },
  'auth.login_failed': { label: '로그인 실패', describe: (a, t) => `${t || a} 계정의 로그인이 비밀번호 불일치로 실패했습니다.` },
  'auth.login_refused': { label: '로그인 거부', describe: (a, t) => `${t || a} 계정의 로그인이 거부되었습니다 (이메일 미인증 또는 정지된 계정).` },
  'auth.logout': { label: '로그아웃', describe: (a) => `${a} 계정이 로그아웃했습니다.` },
  'auth.revoke': { label: '세션 종료', describe: (a, t) => `${a} 계정의 세션${t ? ` ${t}` : ''}이 종료되었습니다.` },
  'auth.session_revoked': { label: '다른 기기 로그아웃', describe: (a) => `${a} 계정이 다른 기기의 세션을 종료했습니다.` },
  'auth.sessions_revoked_by_admin': { label: '관리자 세션 종료', describe: (a, t) => `${a} 관리자가 ${t} 계정의 모든 세션을 종료했습니다.` },
  'auth.refresh_reused': { label: '토큰 재사용 감지', describe: (a, t) => `${t || a} 계정에서 이미 쓴 갱신 토큰이 다시 쓰여 모든 세션을 종료했습니다.` },
  'auth.profile_updated': { label: '정보 수정', describe: (a) => `${a} 계정이 내 정보를 수정했습니다.` },
  'auth.password_changed': { label: '비밀번호 변경', describe: (a) => `${a} 계정이 비밀번호를 변경했습니다.` },
  'auth.password_reset': { label: '비밀번호 재설정', describe: (a, t) => `${t || a} 계정이 메일 링크로 비밀번호를 재설정했습니다.` },
  'auth.google_linked': { label: 'Google 계정 연결', describe: (a) => `${a} 계정에 Google 로그인을 연결했습니다.` },
  'auth.invitation_accepted': { label: '초대 수락 (가입)', describe: (a) => `${a} 계정이 초대를 받아 가입했습니다.` },
  'admin.user_invited': { label: '사용자 초대', describe: (a, t) => `${a} 관리자가 ${t}에게 가입 초대를 보냈습니다.` },
  'admin.user_updated': { label: '사용자 정보 수정', describe: (a, t) => `${a} 관리자가 ${t} 계정의 정보를 수정했습니다.` },
  'admin.user_status_changed': { label: '사용자 상태 변경', describe: (a, t) => `${a} 관리자가 ${t} 계정의 상태를 바꿨습니다.` },
  'admin.user_promoted': { label: '관리자 지정', describe: (a, t) => `${a}이(가) ${t} 계정을 플랫폼 관리자로 지정했습니다.` },
  'admin.user_demoted': { label: '관리자 해제', describe: (a, t) => `${a}이(가) ${t} 계정의 플랫폼 관리자 권한을 해제했습니다.` },
  'admin.user_deleted': { label: '사용자 삭제', describe: (a, t) => `${a} 관리자가 ${t} 계정을 휴지통으로 옮겼습니다.` },
  'admin.user_restored': { label: '사용자 복원', describe: (a, t) => `${a} 관리자가 ${t} 계정을 휴지통에서 복원했습니다.` },
  'admin.users_purged': { label: '휴지통 비우기', describe: (_a, t) => `보관 기간이 지난 계정${t ? ` ${t}` : ''}을 영구 삭제했습니다.` },
  'seed.created': { label: '시드 생성', describe: (a, t) => `${a}이(가) 시드 ${t}을(를) 만들었습니다.` },
  'seed.updated': { label: '시드 수정', describe: (a, t) => `${a}이(가) 시드 ${t}의 정보를 수정했습니다.` },
  'seed.deleted': { label: '시드 삭제', describe: (a, t) => `${a}이(가) 시드 ${t}을(를) 삭제했습니다.` },
  'seed.member_invited': { label: '시드 초대', describe: (a, t) => `${a}이(가) ${t}을(를) 시드에 초대했습니다.` },
  'seed.invitation_cancelled': { label: '시드 초대 취소', describe: (a, t) => `${a}이(가) ${t}에게 보낸 시드 초대를 취소했습니다.` },
  'seed.invitation_accepted': { label: '시드 합류', describe: (a, t) => `${a}이(가) 초대를 받아 시드 ${t}에 합류했습니다.` },
  'seed.member_role_changed': { label: '멤버 역할 변경', describe: (a, t) => `${a}이(가) ${t}의 시드 역할을 바꿨습니다.` },
  'seed.member_removed': { label: '멤버 내보내기', describe: (a, t) => `${a}이(가) ${t}을(를) 시드에서 내보냈습니다.` },
  'meal.settings_updated': { label: '식대 정책 변경', describe: (a, t) => `${a}이(가) 시드 ${t}의 식대 정책·정산 알림 설정을 바꿨습니다.` },
  'meal.team_created': { label: '식대 팀 추가', describe: (a, t) => `${a}이(가) 시드 ${t}에 식대 예산 팀을 추가했습니다.` },
  'meal.team_updated': { label: '식대 팀 수정', describe: (a, t) => `${a}이(가) 시드 ${t}의 식대 예산 팀을 수정했습니다.` },
  'meal.team_deleted': { label: '식대 팀 삭제', describe: (a, t) => `${a}이(가) 시드 ${t}의 식대 예산 팀을 삭제했습니다.` },
  'meal.team_members_set': { label: '식대 팀 구성원 변경', describe: (a, t) => `${a}이(가) 시드 ${t}의 식대 예산 팀 구성원을 바꿨습니다.` },
  'seed.left': { label: '시드 나가기', describe: (a, t) => `${a}이(가) 시드 ${t}에서 나갔습니다.` },
  'seed.ownership_transferred': { label: '소유권 이전', describe: (a, t) => `${a}이(가) 시드 소유권을 ${t}에게 넘겼습니다.` },
  'api_builder.end_user_auth_saved': {
    label: 'API 최종 사용자 접근 설정',
    describe: (a, t) => `${a}이(가) 시드 ${t}의 API 최종 사용자 접근(JWT) 설정을 저장했습니다.`,
  },
  'slack.installed': { label: 'Slack 연결', describe: (a, t) => `${a}이(가) Slack 워크스페이스 ${t}을(를) 연결했습니다.` },
  'slack.reinstalled': { label: 'Slack 다시 연결', describe: (a, t) => `${a}이(가) Slack 워크스페이스 ${t}을(를) 다시 연결했습니다.` },
  'slack.disconnected': { label: 'Slack 연결 해제', describe: (a, t) => `${a}이(가) Slack 워크스페이스 ${t}의 연결을 해제했습니다.` },
  'slack.settings_updated': { label: 'Slack 설정 변경', describe: (a, t) => `${a}이(가) Slack 워크스페이스 ${t}의 AI 비서 설정을 바꿨습니다.` },
  'slack.action_book': { label: 'Slack에서 회의실 예약', describe: (a, t) => `${a}이(가) Slack에서 회의실 예약을 확인했습니다${t ? ` (${t})` : ''}.` },
  'slack.action_cancel': { label: 'Slack에서 예약 취소', describe: (a, t) => `${a}이(가) Slack에서 회의실 예약을 취소했습니다${t ? ` (${t})` : ''}.` },
  'slack.action_meal_open': { label: 'Slack에서 식사 모집', describe: (a, t) => `${a}이(가) Slack에서 식사 모집을 열었습니다${t ? ` (${t})` : ''}.` },
  'slack.action_meal_join': { label: 'Slack에서 식사 참여', describe: (a, t) => `${a}이(가) Slack에서 식사 모집에 참여했습니다${t ? ` (${t})` : ''}.` },
  'slack.action_meal_leave': { label: 'Slack에서 식사 취소', describe: (a, t) => `${a}이(가) Slack에서 식사 참여를 취소했습니다${t ? ` (${t})` : ''}.` },
  'slack.action_refused': { label: 'Slack 동작 거절', describe: (a, t) => `${a}의 Slack 버튼 요청이 거절되었습니다${t ? ` (${t})` : ''}.` },
  'domain.added': { label: '도메인 추가', describe: (a, t) => `${a}이(가) 도메인 ${t}을(를) 추가했습니다.` },
  'domain.connected': { label: '도메인 연결', describe: (_a, t) => `도메인 ${t}의 DNS 레코드를 확인해 연결했습니다.` },
  'domain.removed': { label: '도메인 제거', describe: (a, t) => `${a}이(가) 도메인 ${t}을(를) 제거했습니다.` },
  'monitoring.job_retried': { label: '작업 다시 실행', describe: (a, t) => `${a} 관리자가 실패한 작업 ${t}을(를) 다시 실행 대기열에 넣었습니다.` },
  'privacy.retention': {
    label: '보존 기간 정리',
    describe: (_a, t) =>
      t ? `보존 기간이 지난 데이터를 삭제했습니다: ${t}` : '보존 기간 정리에서 확인이 필요한 표가 있습니다 (삭제 실패 또는 기간 불일치, 상세 정보 참고).',
  },
};

export const koAudit = {
  system: '시스템',
  unknown: (code: string) => ({ label: code, describe: (a: string, t: string) => `${a}: ${code}${t ? ` (${t})` : ''}` }),
};
