/** Marketing pages' texts (about, service pages, 404). Part of koSite. */
export const koSitePages = {
  about: {
    eyebrow: '회사 소개',
    title: '개발자가 부족해도,\n비즈니스는 멈추지 않도록',
    lead: '컴퍼니 툴즈는 개발 인력이 부족한 스타트업과 중소기업이 핵심이 아닌 기능에 시간을 빼앗기지 않도록, 바로 쓰는 도구를 만듭니다.',
    painTitle: '개발팀이 매일 부딪히는 세 가지 문제',
    pains: [
      { title: '인프라 복잡성', description: '서버, 데이터베이스, 배포, 모니터링까지. 기능 하나를 붙이기 전에 챙길 것이 너무 많습니다.' },
      { title: '들쭉날쭉한 개발 속도와 품질', description: '사람마다 일하는 방식이 달라 같은 기능도 걸리는 시간과 완성도가 제각각입니다.' },
      { title: '비즈니스 인사이트 부족', description: '기능을 만드는 데 바빠 데이터를 보고 다음 결정을 내릴 여유가 없습니다.' },
    ],
    targetTitle: '이런 팀을 위해 만듭니다',
    targets: [
      { title: '스타트업', description: '적은 인원으로 빠르게 검증하고 성장해야 하는 팀' },
      { title: '중소기업', description: '개발자가 부족해 필요한 도구를 직접 만들기 어려운 회사' },
      { title: '개발·운영팀', description: '비핵심 기능은 빠르게 끝내고 핵심에 집중하고 싶은 팀' },
    ],
    visionTitle: '비전',
    vision: '모든 회사가 개발팀의 규모와 상관없이 필요한 도구를 바로 쓰고, 비즈니스에만 집중하는 세상을 만듭니다.',
    founderTitle: '만든 사람',
    founderRole: '대표 · 개발자',
    founderQuote:
      '19년 동안 개발 현장에서 같은 기능을 수없이 다시 만드는 팀들을 봤습니다. 그 시간을 돌려드리는 것이 컴퍼니 툴즈의 일입니다.',
    founderStats: [
      { value: '18년', label: '개발 경력' },
      { value: '6개', label: '기획한 서비스' },
      { value: '1개', label: '운영 중인 서비스' },
    ],
    servicesTitle: '서비스 개발 현황',
    progressLabel: (title: string) => `${title} 개발 진행률`,
    services: [
      { id: 'api-builder', title: 'API 빌더', status: '최종 테스트 중', progress: 95, note: '곧 출시', stat: '1분', statLabel: 'REST API 생성', description: '기존 데이터베이스에 연결하면 약 1분 만에 REST API를 만들고, 캐싱까지 자동으로 붙여줍니다.' },
      { id: 'admin-builder', title: '어드민 페이지 빌더', status: '개발 중', progress: 70, note: '베타 테스트 예정', stat: '5분', statLabel: '관리자 페이지 완성', description: '개발자가 아니어도 약 5분 만에 우리 회사 관리자 페이지를 만들 수 있습니다.' },
      { id: 'ai-chatbot', title: 'AI 고객 상담 챗봇', status: '베타 테스트 신청 중', progress: 85, note: '베타 신청 가능', stat: '90%', statLabel: '반복 문의 시간 절감', description: '등록한 정보로 24시간 고객 문의에 답해 반복 문의에 드는 시간을 90%까지 줄입니다.' },
    ],
    cta: '베타 테스트에 함께해주세요',
  },
  service: {
    featuresTitle: '주요 기능',
    guideTitle: '이용 가이드',
    guideDescription: '처음 연결부터 팀 설정까지 차근차근 안내하는 가이드를 준비하고 있습니다.',
    pricingTitle: '요금 안내',
    pricingDescription: '처음 연결과 일정 호출량까지는 무료이며, 호출이 없으면 비용이 없습니다. 상세 요금은 곧 공개됩니다.',
    betaTitle: '베타 테스트에 참여하세요',
    betaDescription: '정식 출시 전에 먼저 써보고 의견을 들려주세요. 베타 기간 동안은 무료입니다.',
  },
  slackAi: {
    badge: 'NEW',
    title: 'Slack AI 비서',
    lead: '팀 채팅에서 멘션 한 번이면 됩니다. 긴 스레드는 요약하고, 궁금한 건 사내 정보에서 찾아 답합니다.',
    connect: '내 워크스페이스 연결하기',
    connectPreparingTitle: 'Slack 연결을 준비하고 있습니다',
    connectPreparing: '워크스페이스 연결 기능은 아직 열리지 않았습니다. 준비가 끝나면 이 버튼으로 바로 연결할 수 있어요.',
    features: [
      { title: '스레드 요약', description: '놓친 대화도 걱정 없어요. 긴 스레드의 핵심과 결정 사항, 할 일을 몇 줄로 정리합니다.' },
      { title: 'LLM 채팅', description: '채널이나 DM에서 AI 비서를 멘션하고 무엇이든 물어보세요. 대화 맥락을 이해하고 답합니다.' },
      { title: '스마트 답변', description: '사내 문서와 지난 대화에서 근거를 찾아 답하고, 출처도 함께 알려드립니다.' },
    ],
  },
  meetingRoom: {
    badge: '베타',
    title: '회의실 예약',
    lead: '빈 회의실 찾느라 메신저를 돌아다니지 마세요. 현황 확인부터 예약, 알림까지 한 곳에서 끝냅니다.',
    features: [
      { title: '예약 관리', description: '회의실과 시간을 고르면 예약 끝. 회의 전에는 안건을, 회의 후에는 회의록을 남길 수 있습니다.' },
      { title: '실시간 현황', description: '지금 비어 있는 회의실과 오늘의 예약 일정을 한눈에 봅니다.' },
      { title: '자동 알림', description: '회의 시작 전에 참석자에게 자동으로 알려드려 늦는 사람이 없습니다.' },
      { title: '충돌 방지', description: '같은 회의실, 같은 시간의 중복 예약은 처음부터 막습니다.' },
    ],
  },
  foodManager: {
    badge: '베타',
    title: '식사 관리',
    lead: '"오늘 뭐 먹지?"는 이제 그만. 메뉴는 함께 고르고, 식비는 내기 게임으로 즐겁게 나눕니다.',
    features: [
      { title: '식사 계획', description: '팀원들이 먹고 싶은 메뉴를 올리고 투표로 오늘의 식사를 정합니다.' },
      { title: '참석자 관리', description: '누가 함께 먹는지 한 번에 확인하고, 식비는 내기 게임으로 나눕니다.' },
      { title: '주문 알림', description: '주문 마감과 도착 시간을 참석자 모두에게 알려드립니다.' },
    ],
  },
  notFound: {
    code: '404',
    title: '페이지를 찾을 수 없습니다',
    description: '요청하신 페이지가 없거나 주소가 바뀌었습니다. 주소를 다시 확인해주세요.',
    home: '홈으로',
    back: '이전 페이지',
  },
} as const;
