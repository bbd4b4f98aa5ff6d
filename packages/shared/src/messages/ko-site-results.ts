/** Result screens' texts (/success by type, /error by HTTP or chat OAuth code). Part of koSite. */

type TSuccessText = { title: string; description: string; nextSteps: readonly string[]; action?: string };
type TErrorText = { title: string; description: string; suggestions: readonly [string, string, string] };

const success = {
  signup: {
    title: '회원가입이 완료되었습니다',
    description: '컴퍼니 툴즈에 오신 것을 환영합니다!',
    nextSteps: ['받은 편지함에서 인증 메일을 확인하세요', '메일의 링크를 눌러 이메일 인증을 마치세요', '인증이 끝나면 로그인해 서비스를 시작하세요'],
    action: '로그인하기',
  },
  payment: {
    title: '결제가 완료되었습니다',
    description: '결제 내역은 가입하신 이메일로도 보내드렸습니다.',
    nextSteps: ['대시보드에서 이용 중인 서비스를 확인하세요', '전자 세금계산서는 요청하신 이메일로 발행됩니다', '결제 관련 문의는 고객센터로 연락주세요'],
    action: '대시보드로 가기',
  },
  save: {
    title: '저장되었습니다',
    description: '변경하신 내용이 안전하게 저장되었습니다.',
    nextSteps: ['저장한 내용은 언제든 다시 수정할 수 있습니다'],
  },
  submit: {
    title: '제출되었습니다',
    description: '보내주신 내용이 정상적으로 접수되었습니다.',
    nextSteps: ['담당자가 확인한 뒤 이메일로 안내해드립니다', '처리 결과는 이메일과 대시보드에서 확인할 수 있습니다'],
    action: '대시보드로 가기',
  },
  verify: {
    title: '인증이 완료되었습니다',
    description: '이메일 인증이 끝났습니다. 이제 모든 기능을 사용할 수 있습니다.',
    nextSteps: ['대시보드에서 서비스를 둘러보세요', '프로필 메뉴의 정보 수정에서 내 정보를 확인하세요'],
    action: '대시보드로 가기',
  },
  update: {
    title: '수정되었습니다',
    description: '변경 사항이 반영되었습니다.',
    nextSteps: ['바뀐 내용이 맞는지 한 번 더 확인해주세요'],
  },
  delete: {
    title: '삭제되었습니다',
    description: '요청하신 항목이 삭제되었습니다.',
    nextSteps: ['삭제한 항목은 30일 동안 휴지통에 보관된 뒤 완전히 삭제됩니다'],
    action: '홈으로 가기',
  },
  send: {
    title: '전송되었습니다',
    description: '메시지를 보냈습니다.',
    nextSteps: ['답장이 오면 이메일로 알려드립니다'],
    action: '대시보드로 가기',
  },
  email: {
    title: '이메일을 보냈습니다',
    description: '입력하신 주소로 메일을 보냈습니다. 받은 편지함을 확인해주세요.',
    nextSteps: ['메일이 보이지 않으면 스팸함도 확인해주세요', '메일 속 링크는 일정 시간이 지나면 만료됩니다'],
  },
  slack_oauth: {
    title: 'Slack 워크스페이스가 연결되었습니다',
    description: '이제 Slack에서 AI 비서를 멘션해 사용할 수 있습니다.',
    nextSteps: ['AI 비서를 사용할 채널에 앱을 초대하세요', '채널에서 @AI 비서를 멘션하고 질문해보세요', '긴 스레드에서 요약을 요청해보세요'],
    action: 'Slack AI 비서로 가기',
  },
  slack_already_installed: {
    title: '이미 연결된 워크스페이스입니다',
    description: '이 워크스페이스에는 AI 비서가 이미 설치되어 있습니다.',
    nextSteps: ['Slack에서 바로 AI 비서를 멘션해 사용하세요', '설정은 관리 콘솔에서 바꿀 수 있습니다'],
    action: 'Slack AI 비서로 가기',
  },
  default: {
    title: '완료되었습니다',
    description: '요청하신 작업이 성공적으로 처리되었습니다.',
    nextSteps: [],
  },
} as const satisfies Record<string, TSuccessText>;

const httpErrors = {
  '400': {
    title: '잘못된 요청입니다',
    description: '요청 내용을 처리할 수 없습니다. 입력하신 내용을 확인해주세요.',
    suggestions: ['입력한 값이 올바른지 확인해주세요', '페이지를 새로고침한 뒤 다시 시도해주세요', '문제가 계속되면 고객센터로 문의해주세요'],
  },
  '401': {
    title: '인증이 필요합니다',
    description: '로그인이 필요하거나 로그인 정보가 만료되었습니다.',
    suggestions: ['다시 로그인한 뒤 시도해주세요', '브라우저의 쿠키와 저장소 설정을 확인해주세요', '다른 기기에서 로그아웃했다면 다시 로그인해주세요'],
  },
  '403': {
    title: '접근 권한이 없습니다',
    description: '이 페이지나 기능을 사용할 권한이 없습니다.',
    suggestions: ['올바른 계정으로 로그인했는지 확인해주세요', '팀 관리자에게 권한을 요청해주세요', '권한을 받은 뒤 다시 시도해주세요'],
  },
  '404': {
    title: '페이지를 찾을 수 없습니다',
    description: '요청하신 페이지가 없거나 주소가 바뀌었습니다.',
    suggestions: ['주소를 다시 확인해주세요', '홈에서 원하는 메뉴를 찾아보세요', '링크를 받았다면 보낸 사람에게 확인해주세요'],
  },
  '500': {
    title: '서버 오류가 발생했습니다',
    description: '일시적인 문제로 요청을 처리하지 못했습니다.',
    suggestions: ['잠시 후 다시 시도해주세요', '페이지를 새로고침해주세요', '문제가 계속되면 고객센터로 알려주세요'],
  },
  '502': {
    title: '게이트웨이 오류입니다',
    description: '서버 사이의 연결에 문제가 생겨 응답을 받지 못했습니다.',
    suggestions: ['잠시 후 다시 시도해주세요', '인터넷 연결 상태를 확인해주세요', '문제가 계속되면 고객센터로 알려주세요'],
  },
  '503': {
    title: '서비스를 일시적으로 사용할 수 없습니다',
    description: '점검 중이거나 요청이 많아 잠시 서비스를 이용할 수 없습니다.',
    suggestions: ['몇 분 뒤 다시 시도해주세요', '공지사항에서 점검 일정을 확인해주세요', '급한 문의는 고객센터로 연락주세요'],
  },
} as const satisfies Record<string, TErrorText>;

const oauthErrors = {
  invalid_request: {
    title: '잘못된 연결 요청입니다',
    description: 'Slack 연결 요청에 필요한 정보가 빠졌거나 올바르지 않습니다.',
    suggestions: [
      'Slack AI 비서 페이지에서 연결을 처음부터 다시 시작해주세요',
      '연결 도중 주소를 바꾸지 않았는지 확인해주세요',
      '문제가 계속되면 고객센터로 문의해주세요',
    ],
  },
  invalid_state: {
    title: '연결 세션이 만료되었습니다',
    description: '보안을 위한 연결 정보가 만료되었거나 일치하지 않습니다.',
    suggestions: ['연결 버튼을 다시 눌러 처음부터 진행해주세요', '연결은 한 번에 하나의 탭에서만 진행해주세요', '오래 기다리지 말고 바로 승인해주세요'],
  },
  token_exchange_failed: {
    title: 'Slack 인증을 마치지 못했습니다',
    description: 'Slack에서 받은 인증 정보를 확인하는 중 문제가 생겼습니다.',
    suggestions: ['잠시 후 다시 연결해주세요', 'Slack 워크스페이스 관리자 권한이 있는지 확인해주세요', '문제가 계속되면 고객센터로 문의해주세요'],
  },
  workspace_save_failed: {
    title: '워크스페이스 정보를 저장하지 못했습니다',
    description: 'Slack 인증은 끝났지만 연결 정보를 저장하는 중 문제가 생겼습니다.',
    suggestions: ['잠시 후 다시 연결해주세요', '이미 연결된 워크스페이스인지 확인해주세요', '문제가 계속되면 고객센터로 문의해주세요'],
  },
  workspace_already_installed: {
    title: '이미 연결된 워크스페이스입니다',
    description: '이 워크스페이스에는 AI 비서가 이미 설치되어 있습니다.',
    suggestions: [
      'Slack에서 바로 AI 비서를 멘션해 사용해보세요',
      '다른 워크스페이스를 연결하려면 Slack에서 워크스페이스를 바꿔주세요',
      '설정 변경은 관리 콘솔에서 할 수 있습니다',
    ],
  },
  access_denied: {
    title: '연결이 취소되었습니다',
    description: 'Slack 권한 요청이 거부되어 연결하지 못했습니다.',
    suggestions: [
      '다시 연결하고 권한 요청 화면에서 허용을 눌러주세요',
      '워크스페이스 관리자의 승인이 필요한지 확인해주세요',
      '요청하는 권한이 궁금하면 고객센터로 문의해주세요',
    ],
  },
  config_error: {
    title: 'Slack 연결 설정 오류입니다',
    description: '서비스의 Slack 연결 설정에 문제가 있어 연결할 수 없습니다.',
    suggestions: ['잠시 후 다시 시도해주세요', '문제가 계속되면 고객센터로 알려주세요', '해결되면 이메일로 안내해드립니다'],
  },
  internal_error: {
    title: '연결 중 오류가 발생했습니다',
    description: '알 수 없는 문제로 Slack 연결을 마치지 못했습니다.',
    suggestions: ['잠시 후 다시 연결해주세요', '브라우저를 새로고침한 뒤 시도해주세요', '문제가 계속되면 고객센터로 문의해주세요'],
  },
} as const satisfies Record<string, TErrorText>;

export const koSiteResults = {
  success: {
    types: success,
    detail: '상세 내용',
    workspace: '워크스페이스',
    workspaceId: '워크스페이스 ID',
    nextStepsTitle: '다음 단계',
    continue: '계속하기',
    home: '홈으로',
    celebration: '축하합니다!',
  },
  error: {
    http: httpErrors,
    oauth: oauthErrors,
    oauthBadge: 'OAuth',
    codeBadge: (code: string) => `오류 ${code}`,
    detail: '상세 내용',
    suggestionsTitle: '이렇게 해보세요',
    retry: '다시 시도',
    home: '홈으로',
  },
} as const;
