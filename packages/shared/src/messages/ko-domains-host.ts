// Korean texts (issue 33): domains-host — what a seed's own host names answer (data API host, help host page).
export const koDomainsHost = {
  /** Any path a connected host does not serve (its seed's data API or help page only). */
  notServedHere: '이 주소에서는 제공하지 않는 페이지입니다.',
  page: {
    title: (seedName: string) => `${seedName} 고객센터`,
    intro: '자주 묻는 질문을 모았어요. 찾는 답이 없으면 오른쪽 아래 상담 창에서 물어보세요.',
    introNoBot: '자주 묻는 질문을 모았어요.',
    searchLabel: '질문 검색',
    searchPlaceholder: '예: 환불은 언제 되나요',
    searchButton: '검색',
    resultsFor: (q: string, n: number) => `‘${q}’ 검색 결과 ${n}건`,
    showAll: '전체 질문 보기',
    noResults: '검색어와 맞는 질문이 없어요. 다른 말로 찾아보거나 상담 창에서 물어보세요.',
    empty: '아직 등록된 질문이 없어요.',
    faqHeading: '자주 묻는 질문',
  },
} as const;
