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
    founderQuote: '오랫동안 개발 현장에서 같은 기능을 수없이 다시 만드는 팀들을 봤습니다. 그 시간을 돌려드리는 것이 컴퍼니 툴즈의 일입니다.',
    plannedServices: '기획한 서비스',
    liveServices: '지금 쓸 수 있는 서비스',
    count: (n: number) => `${n}개`,
    servicesTitle: '서비스 현황',
    more: (title: string) => `${title} 알아보기`,
    cta: '베타 테스트에 함께해주세요',
    inConsole: (title: string) => `콘솔에서 ${title} 시작하기`,
    betaNote: '베타 서비스는 가입하면 콘솔에서 바로 쓸 수 있습니다. 써 보시고 의견을 들려주세요.',
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
    connectPreparing: '워크스페이스 연결 기능은 아직 열리지 않았습니다. 베타 신청을 남겨주시면 연결할 수 있게 되는 대로 알려드려요.',
    features: [
      { title: '스레드 요약', description: '놓친 대화도 걱정 없어요. 긴 스레드의 핵심과 결정 사항, 할 일을 몇 줄로 정리합니다.' },
      { title: 'LLM 채팅', description: '채널이나 DM에서 AI 비서를 멘션하고 무엇이든 물어보세요. 대화 맥락을 이해하고 답합니다.' },
      { title: '스마트 답변', description: '사내 문서와 지난 대화에서 근거를 찾아 답하고, 출처도 함께 알려드립니다.' },
    ],
  },
  meetingRoom: {
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
    title: '식사 관리',
    lead: '"오늘 뭐 먹지?"는 이제 그만. 주문은 함께 모으고, 식비는 공정하게 나누고, 정산은 장부로 깔끔하게 끝냅니다.',
    features: [
      {
        title: '함께 주문',
        description: '메뉴와 가격을 올려 라운드를 열면 팀원들이 각자 메뉴를 고르거나 불참을 알립니다. 주문 요약과 합계는 저절로 모입니다.',
      },
      {
        title: '공정하게 나누기',
        description: '똑같이 나누기, 각자 메뉴만큼, 한 사람이 쏘기, 사다리타기와 룰렛 중에서 고릅니다. 게임 결과가 공정했는지 누구나 직접 확인할 수 있습니다.',
      },
      {
        title: '마감 알림과 장부',
        description:
          '라운드가 열리면 메일로 알리고, 마감 10분 전에 아직 답하지 않은 사람에게 다시 알립니다. 누가 누구에게 얼마를 보내면 되는지는 장부가 정리합니다.',
      },
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
