/**
 * Public site texts (owned by the site work). Quoted spec texts are to the letter; the rest is natural Korean.
 * Split by where they are needed: the shell (ko-site-shell.ts), the pages (ko-site-pages.ts), the result screens
 * (ko-site-results.ts); this object joins them as `ko.site`.
 */
import { koSitePages } from './ko-site-pages.ts';
import { koSiteResults } from './ko-site-results.ts';
import { koSiteShell } from './ko-site-shell.ts';

export const koSite = {
  ...koSiteShell,
  beta: {
    open: '베타 신청하기',
    title: '베타 테스트 신청',
    description: '신청해주시면 베타 테스트가 열릴 때 가장 먼저 이메일로 알려드릴게요.',
    name: '이름',
    namePlaceholder: '홍길동',
    email: '이메일',
    emailPlaceholder: 'name@company.com',
    company: '회사명',
    companyOptional: '(선택)',
    companyPlaceholder: '주식회사 컴퍼니',
    service: '신청할 서비스',
    servicePlaceholder: '서비스를 선택하세요',
    submit: '신청하기',
    submitting: '신청 중...',
    cancel: '취소',
    success: '베타 신청이 접수되었습니다',
    successDescription: '베타 테스트가 시작되면 입력하신 이메일로 안내해드릴게요.',
    already: '이미 신청하셨어요',
    alreadyDescription: '같은 이메일로 이 서비스에 신청한 내역이 있습니다. 시작되면 안내해드릴게요.',
    failure: '베타 신청에 실패했습니다',
    failureDefault: '잠시 후 다시 시도해주세요.',
    validation: {
      nameRequired: '이름을 입력해주세요',
      nameMax: '이름은 40자 이하로 입력해주세요',
      companyMax: '회사명은 100자 이하로 입력해주세요',
      serviceRequired: '신청할 서비스를 선택해주세요',
    },
    services: {
      'slack-ai': 'Slack AI 비서',
      'meeting-room': '회의실 예약',
      'food-manager': '식사 관리',
      'api-builder': 'API 빌더',
      'admin-builder': '어드민 페이지 빌더',
      'ai-chatbot': 'AI 고객 상담 챗봇',
    },
  },
  demo: {
    open: '데모 보기',
    notYet: '데모는 아직 준비 중입니다',
    notYetDescription: '베타 테스트가 시작되는 날 데모도 함께 공개됩니다. 베타를 신청하시면 가장 먼저 알려드릴게요.',
  },
  comingSoon: '준비 중',
  comingSoonDescription: '곧 공개됩니다. 조금만 기다려주세요.',
  legal: {
    termsTitle: '이용약관',
    privacyTitle: '개인정보 처리방침',
    termsEffective: '시행일: 2025년 9월 1일',
    toc: '목차',
  },
  ...koSitePages,
  ...koSiteResults,
} as const;
