/** '카드로', '계좌이체로', '스타터로': 로 after a vowel or ㄹ, 으로 after another final consonant (Hangul words). */
const ro = (word: string) => {
  const code = word.charCodeAt(word.length - 1) - 0xac00;
  const final = code >= 0 && code < 11172 ? code % 28 : 0;
  return `${word}${final === 0 || final === 8 ? '로' : '으로'}`;
};

/** Billing (issue 31): the monthly cycle, dunning, grace period and the notices they send. */
export const koBillingDunning = {
  notices: {
    paidTitle: (total: string) => `결제가 완료되었습니다 (${total})`,
    paidBody: (number: string, period: string, total: string, method: string) =>
      `청구서 ${number} (${period})의 ${total}이 ${ro(method)} 결제되었습니다. 영수증과 청구서는 결제 내역에서 볼 수 있습니다.`,
    failedTitle: (attempt: number, attempts: number) => `결제에 실패했습니다 (${attempt}/${attempts}번째 시도)`,
    failedBody: (number: string, total: string, reason: string, next: string | null, graceEnd: string) =>
      [
        `청구서 ${number}의 ${total}을 결제하지 못했습니다. (${reason})`,
        next ? `${next}에 다시 결제를 시도합니다.` : '예정된 결제 시도를 모두 마쳤습니다.',
        `${graceEnd}까지는 지금 요금제를 그대로 쓸 수 있고, 그때까지 결제되지 않으면 무료 요금제로 바뀝니다. 데이터는 지워지지 않습니다.`,
        '결제 수단을 확인하거나 새 카드를 등록해주세요.',
      ].join('\n'),
    transferLapsedBody: (number: string, total: string, dueDate: string, next: string | null, graceEnd: string) =>
      [
        `청구서 ${number}의 ${total}이 입금 기한(${dueDate})까지 입금되지 않았습니다.`,
        next ? `${next}에 새 가상계좌를 발급해 드립니다.` : '예정된 결제 시도를 모두 마쳤습니다.',
        `${graceEnd}까지는 지금 요금제를 그대로 쓸 수 있고, 그때까지 결제되지 않으면 무료 요금제로 바뀝니다. 데이터는 지워지지 않습니다.`,
      ].join('\n'),
    reasons: {
      declined: '카드사에서 결제를 거절했습니다',
      error: '결제 처리 중 오류가 났습니다',
      'no-method': '등록된 결제 수단이 없습니다',
      lapsed: '입금 기한이 지났습니다',
    } as Record<string, string>,
    droppedTitle: '무료 요금제로 바뀌었습니다',
    droppedBody: (plan: string, unpaid: string) =>
      `유예 기간 안에 결제가 되지 않아 ${plan} 요금제가 무료 요금제로 바뀌었습니다. 시드의 데이터와 구성원은 그대로입니다.\n미납 금액 ${unpaid}은 결제 내역에서 확인할 수 있고, 새 카드를 등록하면 결제됩니다. 다시 유료 요금제를 쓰려면 구독 화면에서 요금제를 바꿔주세요.`,
    planChangedTitle: (plan: string) => `요금제가 ${ro(plan)} 바뀌었습니다`,
    planChangedBody: (from: string, to: string, when: string) => `${from} 요금제가 ${when}부터 ${to} 요금제로 바뀌었습니다.`,
    cardExpiringTitle: '카드 유효기간이 곧 끝납니다 — 새 카드를 등록해주세요',
    cardExpiringBody: (card: string, month: string) =>
      `결제에 쓰는 카드(${card})의 유효기간이 ${month}에 끝납니다. 다음 결제가 실패하지 않도록 구독 화면에서 새 카드를 등록해주세요.`,
    transferWaitingTitle: (total: string) => `가상계좌로 ${total}을 입금해주세요`,
    transferWaitingBody: (number: string, bank: string, account: string, holder: string, total: string, dueDate: string) =>
      `청구서 ${number}의 입금 계좌입니다.\n은행: ${bank}\n계좌번호: ${account}\n예금주: ${holder}\n금액: ${total}\n입금 기한: ${dueDate}\n기한 안에 입금되면 자동으로 결제가 완료됩니다.`,
    taxIssuedTitle: (month: string) => `${month} 세금계산서가 발행되었습니다`,
    taxIssuedBody: (month: string, total: string, email: string) =>
      `${month} 이용분 세금계산서(합계 ${total})가 발행되어 ${email} 주소로 보내졌습니다. 국세청 전송 상태는 결제 내역에서 볼 수 있습니다.`,
    taxFailedTitle: (month: string) => `${month} 세금계산서의 국세청 전송에 실패했습니다`,
    taxFailedBody: (month: string, total: string, reason: string) =>
      `${month} 이용분 세금계산서(합계 ${total})를 국세청에 전송하지 못했습니다. (${reason})\n사업자 정보를 확인해주세요. 저희도 확인 후 다시 전송합니다.`,
    unknownReason: '사유가 알려지지 않았습니다',
  },
  methods: { card: '카드', transfer: '계좌이체' } as Record<string, string>,
  period: (start: string, end: string) => `${start} ~ ${end}`,
  date: (y: number, m: number, d: number) => `${y}년 ${m}월 ${d}일`,
  month: (y: number, m: number) => `${y}년 ${m}월`,
  admin: {
    refunded: '환불했습니다.',
    deletedSeed: '(삭제된 시드)',
    refundReason: '환불 사유를 입력해주세요. (200자 이내)',
    refundAmount: '환불 금액은 1원 이상의 정수여야 합니다.',
  },
} as const;
