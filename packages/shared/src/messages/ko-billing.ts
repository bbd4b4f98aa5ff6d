/** Billing (issue 31): plan names, validation and server messages. The screens' texts are in ko-billing-ui.ts. */
export const koBilling = {
  plans: {
    free: { name: '무료', description: '카드 없이 시작합니다. 매달 정해진 사용량까지 무료입니다.' },
    starter: { name: '스타터', description: '작은 팀이 매일 쓰기에 알맞은 사용량이 포함됩니다.' },
    business: { name: '비즈니스', description: '여러 서비스를 많이 쓰는 회사를 위한 넉넉한 사용량입니다.' },
  },
  intervals: { month: '월간', year: '연간' },
  /** 결제 내역's list: what was refunded of an invoice (part of its 합계, or all of it). */
  refundNote: { partial: (amount: string) => `부분 환불 ${amount}`, full: (amount: string) => `환불 ${amount}` },
  meters: {
    'api.calls': { name: '데이터 API 호출', unit: '회' },
    'chatbot.answers': { name: 'AI 챗봇 답변', unit: '건' },
    'slack.answers': { name: 'Slack AI 답변', unit: '건' },
    'llm.tokens': { name: '언어 모델 토큰', unit: '토큰' },
    'knowledge.bytes': { name: '지식 저장 용량', unit: '바이트' },
    'admin-builder.apps': { name: '관리자 페이지 앱', unit: '개' },
  },
  validation: {
    planId: '요금제는 free, starter, business 중 하나여야 합니다.',
    interval: '결제 주기는 month 또는 year여야 합니다.',
    authKey: '카드 인증 결과(authKey)가 올바르지 않습니다.',
    customerKey: '고객 키(customerKey)가 올바르지 않습니다.',
    businessNumber: '사업자등록번호가 올바르지 않습니다. 숫자 10자리를 확인해주세요.',
    businessName: '상호를 입력해주세요. (100자 이내)',
    ceo: '대표자 이름을 입력해주세요. (50자 이내)',
    businessType: '업태를 입력해주세요. (50자 이내)',
    businessItem: '종목을 입력해주세요. (50자 이내)',
    address: '사업장 주소를 입력해주세요. (200자 이내)',
    email: '세금계산서를 받을 이메일 주소가 올바르지 않습니다.',
    invoiceId: '청구서를 찾을 수 없습니다.',
    month: '월은 YYYY-MM 형식이어야 합니다.',
    cardExpiry: '카드 유효기간은 이번 달 이후의 YYYY-MM이어야 합니다.',
  },
  server: {
    notConfigured: '이 설치에는 결제가 설정되어 있지 않습니다. 모든 시드는 무료 요금제로 이용합니다.',
    ownerOnly: '결제 정보는 시드 소유자만 바꿀 수 있습니다.',
    managersOnly: '결제 정보는 시드 소유자와 관리자만 볼 수 있습니다.',
    invoiceNotFound: '청구서를 찾을 수 없습니다.',
    freeApiLimit: (included: string) =>
      `이번 달 무료 요금제의 데이터 API 호출 ${included}회를 모두 사용했습니다. 다음 달 1일에 다시 쓸 수 있고, 콘솔의 구독에서 요금제를 올리면 바로 호출할 수 있습니다.`,
    freeApiLimitHint: '시드 소유자에게 요금제 변경을 요청하세요: /admin/billing',
    noPaymentMethod: '결제 수단을 먼저 등록해주세요.',
    paymentDeclined: '결제가 승인되지 않아 요금제를 바꾸지 않았습니다. 결제 수단을 확인한 뒤 다시 시도해주세요.',
    unpaidInvoices: '결제되지 않은 청구서가 있어 요금제를 올릴 수 없습니다. 결제 내역에서 미납 청구서를 확인하고 먼저 결제해주세요.',
    sellerUnset: '공급자 정보 미설정',
    /** Invoice lines (helper B, decision 059). */
    lines: {
      plan: (plan: string, interval: string) => `${plan} 요금제 (${interval})`,
      overage: (month: string, meter: string, per: string, unit: string) => `${month} ${meter} 초과 사용 (${per}${unit}마다)`,
      proration: (plan: string, interval: string) => `${plan} 요금제 (${interval}) 남은 기간`,
      credit: (plan: string, interval: string) => `${plan} 요금제 (${interval}) 사용하지 않은 기간 차감`,
      month: (year: number, month: number) => `${year}년 ${month}월`,
    },
  },
} as const;
