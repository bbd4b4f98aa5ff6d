/** The console's integrations page (/admin/settings/integrations): for platform admins, the setup guide. */
export const koIntegrations = {
  title: '연동 상태',
  description: '외부 서비스 연동이 설정되었는지 확인하고, 빠진 설정을 안내합니다.',
  intro: '아래 환경 변수는 서버를 시작할 때 읽습니다. 값을 바꾼 뒤에는 서버를 다시 시작해주세요.',
  configured: '설정됨',
  notConfigured: '설정 필요',
  variable: '환경 변수',
  state: '상태',
  set: '설정됨',
  unset: '없음',
  required: '필수',
  optional: '선택',
  loadFailed: '연동 상태를 불러오지 못했습니다.',
  items: {
    slack: {
      name: 'Slack',
      description: 'Slack AI 비서의 워크스페이스 연결, 이벤트 수신, 회의실 알림 DM',
      whenMissing: '설정 전에는 공개 페이지에 "연결 준비 중" 안내와 베타 신청만 보입니다.',
    },
    google: {
      name: 'Google 로그인',
      description: '로그인·회원가입 화면의 Google 계정 로그인',
      whenMissing: '설정 전에는 Google 로그인 버튼이 사용할 수 없음으로 표시됩니다.',
    },
    kakao: {
      name: '카카오 로그인',
      description: '로그인·회원가입 화면의 카카오 계정 로그인',
      whenMissing: '설정 전에는 카카오 로그인 버튼이 사용할 수 없음으로 표시됩니다.',
    },
    naver: {
      name: '네이버 로그인',
      description: '로그인·회원가입 화면의 네이버 계정 로그인',
      whenMissing: '설정 전에는 네이버 로그인 버튼이 사용할 수 없음으로 표시됩니다.',
    },
    mail: {
      name: '메일 발송',
      description: '가입 인증, 비밀번호 재설정, 초대 메일',
      whenMissing: '설정 전에는 메일이 서버 로그와 개발용 보관함(/dev/outbox)에만 남고 실제로 발송되지 않습니다.',
    },
    llm: {
      name: '언어 모델',
      description: 'Slack AI 비서의 답변과 요약 (OpenAI 호환 API)',
      whenMissing: '설정 전에는 AI 비서가 기본 모드(발췌 요약, 검색 결과 제시)로 동작합니다.',
    },
  } as Record<string, { name: string; description: string; whenMissing: string }>,
};
