/** Home page texts. Part of koSite (through the shell: the home page is in the first bundle). */
export const koSiteHome = {
  eyebrow: '스타트업 · 중소기업을 위한 IT 도구',
  title: '툴 비용은 아끼고,\n비즈니스에만 집중하세요',
  lead: '개발자가 부족한 팀도 필요한 업무 도구를 바로 씁니다. 처음 연결과 일정 호출량까지는 무료, 호출이 없으면 비용도 없습니다.',
  explore: '서비스 둘러보기',
  start: '무료로 시작하기',
  toDashboard: '대시보드로 가기',
  statsLabel: '서비스 현황',
  quickConnect: 'Slack 빠른 연결',
  quickConnectHint: '로그인 후 이용할 수 있어요',
  quickConnectSignedIn: 'Slack AI 비서 페이지에서 워크스페이스를 연결하세요',
  quickConnectPreparing: 'Slack 연결은 준비 중입니다. 베타 신청을 남기시면 열리는 대로 알려드려요.',
  servicesTitle: '팀을 위한 도구',
  servicesLead: '팀이 매일 겪는 번거로움부터 하나씩 덜어냅니다.',
  more: (title: string) => `${title} 알아보기`,
  screenAlt: (title: string) => `${title} 관리 화면`,
  sections: {
    slackAi: {
      title: 'Slack AI 비서',
      description: '팀 채팅에서 멘션하면 바로 답하고, 놓친 스레드를 요약하고, 흩어진 사내 정보를 찾아줍니다.',
      points: ['멘션하면 답변', '놓친 스레드 요약', '사내 정보 검색'],
    },
    meetingRoom: {
      title: '회의실 예약',
      description: '비어 있는 회의실을 확인하고 바로 예약하세요. 회의 전에는 안건을, 회의 후에는 회의록을 남길 수 있습니다.',
      points: ['빈 회의실 확인', '간편 예약', '회의 전후 메모'],
    },
    foodManager: {
      title: '식사 관리',
      description: '오늘 뭐 먹을지 팀원들과 함께 고르고, 식비는 내기 게임으로 재미있게 나눕니다.',
      points: ['메뉴 함께 고르기', '참석자 관리', '내기 게임으로 식비 나누기'],
    },
  },
  betaTitle: '베타로 먼저 써 보세요',
  betaLead: 'API 빌더, 어드민 페이지 빌더, AI 고객 상담 챗봇은 지금 베타로 열려 있습니다. 가입하면 콘솔에서 바로 쓸 수 있어요.',
  betaOpen: (title: string) => `${title} 시작하기`,
  aboutLink: '컴퍼니 툴즈 소개 보기',
} as const;
