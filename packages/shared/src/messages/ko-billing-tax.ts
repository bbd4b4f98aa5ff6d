/** Billing (issue 31): business details, NTS status check, 세금계산서 and cash receipts. */
export const koBillingTax = {
  business: {
    notFound: '등록된 사업자 정보가 없습니다. 개인으로 결제되며 이체 결제에는 현금영수증이 발급됩니다.',
    closed: '국세청에 폐업한 사업자로 조회됩니다. 세금계산서를 받을 수 있는 사업자등록번호를 입력해주세요.',
    unregistered: '국세청에 등록되지 않은 사업자등록번호입니다. 번호를 다시 확인해주세요.',
    /** Accepted: a 휴업 business can still receive 세금계산서; the owner is told what the NTS says. */
    suspended: '국세청에 휴업 중인 사업자로 조회됩니다. 세금계산서는 발행되지만 사업 상태를 확인해주세요.',
    simple: '간이과세자로 조회됩니다. 세금계산서는 그대로 발행되며, 매입세액 공제는 간이과세자 기준이 적용됩니다.',
    exempt: '면세사업자로 조회됩니다. 세금계산서는 발행되지만 매입세액 공제는 받을 수 없습니다.',
    /** The NTS status API did not answer: saved on the check digit alone. */
    unchecked: '국세청 사업자 상태를 지금 확인할 수 없어 번호 형식만 확인하고 저장했습니다.',
  },
  taxInvoice: {
    /** One line per invoice on the monthly 세금계산서. */
    itemName: (invoiceNumber: string) => `서비스 이용료 (청구서 ${invoiceNumber})`,
    /** The folded line when a month has more invoices than one 세금계산서 holds (99 lines). */
    itemNameRest: (count: number) => `서비스 이용료 외 ${count}건`,
    modifyItemName: (invoiceNumber: string) => `환불에 따른 공급가액 감액 (청구서 ${invoiceNumber})`,
    remark: (month: string) => `${month} 이용료 월합계`,
    emailSubject: (company: string, month: string) => `${company} ${month} 전자세금계산서`,
  },
  webhook: {
    badBody: '팝빌 이벤트 형식이 올바르지 않습니다. 문서번호(invoicerMgtKey)가 필요합니다.',
    mgtKey: '팝빌 이벤트의 문서번호(invoicerMgtKey, mgtKey)는 1~24자의 문자열이어야 합니다.',
    eventType: '팝빌 이벤트의 종류(eventType)는 40자 이하의 문자열이어야 합니다.',
    stateCode: '팝빌 이벤트의 상태코드(stateCode)는 숫자 또는 문자열이어야 합니다.',
  },
} as const;
