/**
 * The site shell's texts (layout, navigation, footer, login prompt, home, per-route meta): what the first page
 * needs. Part of koSite; code in the first bundle imports this module directly so the other pages' texts load
 * with those pages.
 */
import { koSiteHome } from './ko-site-home.ts';

const brand = '컴퍼니 툴즈';

export const koSiteShell = {
  brand,
  layout: {
    skipToContent: '본문으로 건너뛰기',
    mainNav: '주 메뉴',
    openMenu: '메뉴 열기',
    menuTitle: '메뉴',
    menuDescription: '컴퍼니 툴즈의 서비스와 계정 메뉴',
    toggleTheme: '다크 모드 전환',
    toCompact: '컴팩트 레이아웃으로 전환',
    toWide: '와이드 레이아웃으로 전환',
    login: '로그인',
    signup: '회원가입',
    console: '콘솔',
    logout: '로그아웃',
    loggedOut: '로그아웃되었습니다',
    profileMenu: '프로필 메뉴',
    editProfile: '정보 수정',
    theme: '테마',
    themes: { system: '시스템', light: '라이트', dark: '다크' },
    layoutLabel: '레이아웃',
    layouts: { compact: '컴팩트', wide: '와이드' },
  },
  nav: {
    companyTools: '기업용 도구',
    productDev: '제품 개발 도구',
    teamTools: '팀 도구',
    customerTools: '고객 도구',
    aiTools: 'AI 도구',
    serviceTools: '서비스 도구',
    apis: 'API 빌더',
    about: '소개',
    productivity: '생산성 도구',
    customerService: '고객 서비스',
    status: { waiting: '개발 예정', development: '개발 중' },
    tooltip: { waiting: '출시 예정입니다. 조금만 기다려주세요.', development: '현재 개발 중입니다. 곧 만나보실 수 있어요.' },
    items: {
      slackAi: { title: 'Slack AI 비서', description: '멘션하면 답하고, 놓친 스레드를 요약하고,\n사내 정보를 찾아줍니다' },
      meetingRoom: { title: '회의실 예약', description: '빈 회의실 확인부터 예약,\n회의 전후 메모까지 한 번에' },
      foodManager: { title: '식사 관리', description: '메뉴는 함께 고르고,\n식비는 내기 게임으로 나눠요' },
      apiBuilder: { title: 'API 빌더', description: '기존 데이터베이스로 1분 만에 REST API,\n캐싱까지 자동으로' },
      adminBuilder: { title: '어드민 페이지 빌더', description: '개발자 없이 5분 만에 만드는 관리자 페이지' },
      metrics: { title: '지표 대시보드', description: '흩어진 서비스 지표를 한 화면에서' },
      aiChatbot: { title: 'AI 고객 상담 챗봇', description: '등록한 정보로 24시간 답하고,\n모르는 질문은 담당자에게 넘겨요' },
      taxInvoice: { title: '세금계산서 자동 신고', description: '전자 세금계산서 발행과 신고를 자동으로' },
    },
  },
  footer: {
    description: '스타트업과 중소기업을 위한 업무 도구 모음',
    businessNumber: '사업자등록번호',
    representative: '대표',
    mailOrderNumber: '통신판매업 신고번호',
    address: '주소',
    email: '이메일',
    phone: '전화',
    companyDetails: '사업자 정보',
    terms: '이용약관',
    privacy: '개인정보 처리방침',
    services: '서비스',
    company: '회사',
    copyright: (year: number, name: string) => `© ${year} ${name}. All rights reserved.`,
  },
  loginPrompt: {
    title: '로그인 필요',
    description: '로그인이 필요한 서비스입니다. 로그인 하시겠습니까?',
    yes: '예',
    no: '아니오',
  },
  avatar: { fallbackLabel: (name: string) => `${name}의 프로필` },
  meta: {
    defaultDescription: '개발자가 부족한 스타트업과 중소기업을 위한 업무 도구 모음. Slack AI 비서, 회의실 예약, 식사 관리까지 한 곳에서.',
    home: { title: `${brand} — 툴 비용은 아끼고, 비즈니스에만 집중하세요` },
    about: { title: '회사 소개', description: '개발자가 부족한 팀도 빠르게 움직일 수 있도록. 컴퍼니 툴즈가 풀고 있는 문제와 비전, 서비스 현황을 소개합니다.' },
    slackAi: {
      title: 'Slack AI 비서',
      description: '멘션하면 답하고, 놓친 스레드를 요약하고, 사내 정보를 찾아주는 Slack AI 비서. 워크스페이스를 연결하고 바로 시작하세요.',
    },
    meetingRoom: {
      title: '회의실 예약',
      description: '빈 회의실 확인, 예약, 실시간 현황과 자동 알림, 중복 예약 방지까지. 가입하고 바로 회의실 예약을 시작하세요.',
    },
    foodManager: {
      title: '식사 관리',
      description: '팀 식사 메뉴 정하기, 참석자 관리, 주문 알림, 그리고 내기 게임으로 식비 나누기. 식사 관리 베타를 신청하세요.',
    },
    terms: { title: '이용약관', description: '컴퍼니 툴즈 서비스 이용약관 (시행일 2025년 9월 1일)' },
    privacy: { title: '개인정보 처리방침', description: '컴퍼니 툴즈 개인정보 처리방침 (시행일 2025년 9월 1일)' },
    success: { title: '완료', description: '요청이 완료되었습니다.' },
    error: { title: '오류', description: '요청을 처리하지 못했습니다.' },
    notFound: { title: '페이지를 찾을 수 없습니다', description: '요청하신 페이지가 없거나 주소가 바뀌었습니다.' },
  },
  home: koSiteHome,
} as const;
