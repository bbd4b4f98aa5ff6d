/** Billing (issue 31): card and bank-transfer payment, Toss Payments webhooks. */
export const koBillingPayments = {
  /** What Toss shows as the order's name (card slip, virtual-account notice). */
  orderName: (invoiceNumber: string) => `컴퍼니 툴즈 이용료 ${invoiceNumber}`,
  /** The bank of the virtual accounts opened for bank-transfer seeds. */
  transferBankName: '신한은행',
  validation: {
    refundBank: '환불받을 은행을 은행 코드(숫자 2자리)로 입력해주세요.',
    refundAccountNumber: '환불받을 계좌번호를 숫자만 6~20자리로 입력해주세요.',
    refundHolderName: '환불받을 계좌의 예금주를 입력해주세요. (60자 이내)',
  },
  server: {
    noCard: '등록된 카드가 없습니다. 카드를 먼저 등록해주세요.',
    ownerOnlyCard: '카드는 시드 소유자만 등록할 수 있습니다.',
    customerKeyMismatch: '이 시드의 카드 등록 요청이 아닙니다. 카드 등록을 처음부터 다시 해주세요.',
    cardRejected: (reason: string) => `카드를 등록하지 못했습니다: ${reason}`,
    providerFailed: '결제 대행사(토스페이먼츠)와 통신하지 못했습니다. 잠시 후 다시 시도해주세요.',
    noPaymentMethod: '등록된 결제 수단이 없습니다.',
    chargeInProgress: '이 청구서의 결제가 이미 진행 중입니다.',
    notChargeable: '결제할 수 없는 상태의 청구서입니다.',
    amountMismatch: '결제 금액이 청구서 금액과 다릅니다.',
    webhookInvalid: '웹훅 본문이 올바르지 않습니다.',
    webhookForged: '웹훅의 비밀값이 일치하지 않습니다.',
    refundNotPaid: '결제가 끝난 청구서만 환불할 수 있습니다.',
    refundAmount: (max: number) => `환불 금액은 1원 이상 ${max.toLocaleString('ko-KR')}원 이하여야 합니다.`,
    refundReason: '환불 사유를 입력해주세요. (200자 이내)',
    refundInProgress: '이 청구서의 결제 또는 환불이 진행 중입니다. 잠시 후 다시 시도해주세요.',
    refundRejected: (reason: string) => `환불하지 못했습니다: ${reason}`,
    refundAccountRequired: '계좌이체(가상계좌)로 결제된 청구서는 환불받을 계좌(은행, 계좌번호, 예금주)를 입력해야 환불할 수 있습니다.',
    refundNotRecorded: '토스페이먼츠의 환불과 청구서의 환불 기록이 맞지 않아 반영하지 않았습니다. 결제 내역을 확인해주세요.',
    virtualAccountCanceled: '가상계좌가 만료되었거나 취소되었습니다.',
  },
} as const;
