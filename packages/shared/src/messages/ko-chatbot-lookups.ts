// Chatbot lookups (issue 29): the owner's 조회 settings and the bot's side of a lookup dialog.

/** '을' after a final consonant, '를' after a vowel; '을(를)' when the last letter is not Hangul. */
export const eulReul = (word: string) => {
  const c = word.trim().charCodeAt(word.trim().length - 1);
  if (c < 0xac00 || c > 0xd7a3) return `${word}을(를)`;
  return (c - 0xac00) % 28 === 0 ? `${word}를` : `${word}을`;
};

/** '은' after a final consonant, '는' after a vowel; '은(는)' when the last letter is not Hangul. */
export const eunNeun = (word: string) => {
  const c = word.trim().charCodeAt(word.trim().length - 1);
  if (c < 0xac00 || c > 0xd7a3) return `${word}은(는)`;
  return (c - 0xac00) % 28 === 0 ? `${word}는` : `${word}은`;
};

export const koChatbotLookups = {
  validation: {
    name: '조회 이름을 입력해 주세요.',
    nameMax: '조회 이름은 40자까지입니다.',
    column: '열 이름을 입력해 주세요.',
    verifyRule: "확인 방식은 'last4'(뒤 4자리) 또는 'equals'(같은 값)입니다.",
    replyColumns: '답할 열을 하나 이상 골라 주세요.',
    replyColumnsMax: '답할 열은 20개까지입니다.',
    keyword: '낱말은 1~20자로 적어 주세요.',
    keywordsMax: '낱말은 20개까지입니다.',
    label: '열 이름표는 1~30자로 적어 주세요.',
    nothingToUpdate: '바꿀 내용이 없습니다.',
  },
  server: {
    apiNotPublished: '이 시드에 공개된 API가 아닙니다. API 빌더에서 공개한 API를 골라 주세요.',
    tableNotPublished: (table: string) => `'${table}' 테이블은 이 API에서 읽기(GET)로 공개되어 있지 않습니다.`,
    columnMissing: (column: string, table: string) => `'${table}' 테이블에 '${column}' 열이 없습니다.`,
    replyNotKey: '확인에 쓰는 열은 답할 열에 넣을 수 없습니다.',
    sameKeyVerify: '조회 번호 열과 확인 열은 달라야 합니다.',
    labelUnknown: (column: string) => `'${column}' 열은 이 조회에 쓰이지 않아 이름표를 붙일 수 없습니다.`,
    nameTaken: '같은 이름의 조회가 이미 있습니다.',
    lookupNotFound: '조회를 찾을 수 없습니다.',
    tooMany: '한 챗봇에는 조회를 20개까지 만들 수 있습니다.',
    created: '조회를 추가했습니다.',
    updated: '조회를 저장했습니다.',
    deleted: '조회를 삭제했습니다.',
  },
  dialog: {
    askKey: (label: string) => `조회해 드릴게요. ${eulReul(label)} 알려 주세요.`,
    askLast4: (label: string) => `확인을 위해 등록하신 ${label} 뒤 4자리를 알려 주세요.`,
    askEquals: (label: string) => `확인을 위해 등록하신 ${eulReul(label)} 알려 주세요.`,
    badLast4: '숫자 4자리로 알려 주세요.',
    /** The same words for "no such row" and "wrong verification": the answer never tells which. */
    notFound: '입력하신 정보와 일치하는 내역을 찾지 못했어요. 번호와 확인 정보를 다시 확인해 주세요.',
    capped: '조회 시도 횟수를 넘었어요. 더 도움이 필요하시면 상담원 연결을 이용해 주세요.',
    failed: '지금은 조회할 수 없어요. 잠시 뒤에 다시 시도해 주세요.',
    cancelled: '조회를 취소했어요. 다른 궁금한 점이 있으면 물어봐 주세요.',
    /** "'주문 배송 조회' 결과입니다. 배송 상태는 배송 중, 택배사는 CJ대한통운입니다." */
    result: (name: string, parts: { label: string; value: string }[]) =>
      `'${name}' 결과입니다. ${parts.map((p) => `${eunNeun(p.label)} ${p.value}`).join(', ')}입니다.`,
    empty: '없음',
    /** What the transcript keeps of an `equals` verification answer. */
    verifyMasked: '(본인 확인 정보)',
  },
  ui: {
    title: '조회',
    intro:
      'API 빌더로 공개한 테이블에서 고객의 주문 같은 내역을 찾아 답합니다. 고객이 번호와 확인 정보(예: 휴대폰 번호 뒤 4자리)를 모두 맞게 알려 줄 때만 그 한 행을 읽고, 고른 열만 알려 줍니다.',
    empty: '아직 조회가 없습니다.',
    noApis: 'API 빌더에서 공개한 API가 없습니다. 먼저 API 빌더에서 테이블을 공개해 주세요.',
    add: '조회 추가',
    edit: '수정',
    delete: '삭제',
    save: '저장',
    cancel: '취소',
    confirmDelete: (name: string) => `'${name}' 조회를 삭제할까요?`,
    name: '이름',
    namePlaceholder: '주문 배송 조회',
    api: 'API',
    table: '테이블',
    keyColumn: '고객이 알려 줄 번호 열',
    verifyColumn: '본인 확인 열',
    verifyRule: '확인 방식',
    last4: '뒤 4자리',
    equals: '같은 값',
    replyColumns: '답할 열',
    labels: '열 이름표 (고객에게 보이는 이름)',
    labelFor: (column: string) => `${column} 이름표`,
    keywords: '이런 낱말이 있으면 조회로 봅니다 (띄어쓰기로 구분)',
    keywordsPlaceholder: '주문 배송 조회',
    choose: '고르세요',
    summary: (table: string, key: string, verify: string, rule: string) => `${table} · ${key} + ${verify} ${rule}`,
    locked: (n: number) => `확인 실패가 많아 지난 1시간 동안 거절한 조회 ${n}건`,
  },
};
