// Korean texts (issue 33): the getting-started checklist of the help centre, per service.
export const koHelpChecklist = {
  services: {
    start: '시작하기',
    slack: '슬랙 AI',
    rooms: '회의실 예약',
    meal: '식사 관리',
    'api-builder': 'API 빌더',
    'admin-builder': '관리자 페이지 빌더',
    chatbot: 'AI 챗봇',
  },
  items: {
    inviteMember: '팀원을 한 명 이상 초대하기',
    connectSlack: '슬랙 워크스페이스 연결하기',
    createRoom: '회의실 등록하기',
    firstBooking: '첫 예약 잡기',
    firstMeal: '첫 식사 라운드 만들기',
    addConnection: '데이터베이스 연결 추가하기',
    publishApi: 'API 만들기',
    createKey: 'API 키 발급하기',
    firstCall: 'API 키로 첫 호출하기',
    createAdminApp: '관리자 페이지 앱 만들기',
    createBot: '챗봇 만들기',
    addKnowledge: '챗봇에 FAQ나 자료 추가하기',
    installWidget: '내 사이트에 챗봇 위젯 설치하기',
  },
} as const;
