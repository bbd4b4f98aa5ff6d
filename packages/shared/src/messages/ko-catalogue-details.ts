/** Names and one-line summaries of the catalogue's services (about page, dashboard; not needed by the home page). */
export const koCatalogueDetails = {
  names: {
    'slack-ai': 'Slack AI 비서',
    schedule: '회의실 예약',
    meal: '식사 관리',
    'api-builder': 'API 빌더',
    'admin-builder': '어드민 페이지 빌더',
    'ai-chatbot': 'AI 고객 상담 챗봇',
  },
  summaries: {
    'slack-ai': '멘션하면 답하고, 놓친 스레드를 요약하고, 사내 정보를 찾아줍니다.',
    schedule: '빈 회의실을 확인하고 예약하고, 회의 전후 메모를 남깁니다.',
    meal: '팀원들과 메뉴를 고르고, 식비는 내기 게임으로 나눕니다.',
    'api-builder': '기존 데이터베이스 위에 REST API를 만들고 캐싱까지 붙여줍니다.',
    'admin-builder': '개발자가 아니어도 우리 회사 관리자 페이지를 만듭니다.',
    'ai-chatbot': '등록한 정보로 24시간 고객 문의에 답합니다.',
  },
} as const;
