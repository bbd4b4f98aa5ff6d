/**
 * The outside services that receive personal data (issue 32): what goes to each, why, and whether it is a processor
 * we entrust (위탁, PIPA 제26조) or a third party the person's own action sends data to (제공, 제17조). The privacy
 * policy lists them all (with "if configured"); GET /api/me/data-recipients says which ones received this person's data.
 * Data-map entries name them in `sentTo`.
 */
import type { TConfig } from '../../config.ts';

export type TRecipient = {
  key: string;
  name: string;
  role: 'processor' | 'third_party';
  purpose: string;
  items: readonly string[];
  /** Where the provider processes data (국외 이전 when outside Korea; the policy states it). Null = unknown/depends. */
  location: string | null;
  configured: (config: TConfig) => boolean;
};

export const RECIPIENTS: readonly TRecipient[] = [
  {
    key: 'mail',
    name: '메일 발송 서비스(SMTP)',
    role: 'processor',
    purpose: '가입 인증, 비밀번호 재설정, 알림과 안내 메일 발송',
    items: ['이메일 주소', '이름', '메일 본문'],
    location: null,
    configured: (c) => Boolean(c.smtpUrl),
  },
  {
    key: 'llm',
    name: '언어 모델 API 제공자',
    role: 'processor',
    purpose: '채팅 AI 비서와 고객 챗봇의 답변, 요약 생성',
    items: ['질문과 대화 내용', '답변에 쓰인 지식 문서의 일부'],
    location: null,
    configured: (c) => Boolean(c.llm.baseUrl && c.llm.apiKey),
  },
  {
    key: 'slack',
    name: 'Slack (Slack Technologies)',
    role: 'third_party',
    purpose: '연동한 Slack 워크스페이스로 답변, 알림, 회의 안내 전송',
    items: ['Slack 사용자 ID', '메시지 내용', '회의와 식사 알림 내용'],
    location: '미국',
    configured: (c) => Boolean(c.slack.clientId && c.slack.clientSecret),
  },
  {
    key: 'toss',
    name: '토스페이먼츠',
    role: 'processor',
    purpose: '카드 자동결제와 가상계좌 입금 처리',
    items: ['카드 정보(토스페이먼츠가 보관, 회사는 마스킹된 번호만 보관)', '결제 금액', '구매자 이메일과 이름'],
    location: '대한민국',
    configured: (c) => Boolean(c.billing.toss),
  },
  {
    key: 'popbill',
    name: '팝빌 (링크허브)',
    role: 'processor',
    purpose: '전자세금계산서와 현금영수증 발행, 국세청 전송',
    items: ['사업자등록번호', '상호와 대표자명', '담당자 이름과 이메일', '공급가액과 세액'],
    location: '대한민국',
    configured: (c) => Boolean(c.billing.popbill),
  },
  {
    key: 'nts',
    name: '국세청',
    role: 'third_party',
    purpose: '사업자등록 상태 조회와 세금계산서 전송(법령에 따른 제공)',
    items: ['사업자등록번호'],
    location: '대한민국',
    configured: (c) => Boolean(c.billing.nts || c.billing.popbill),
  },
];
