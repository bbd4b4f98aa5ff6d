// Korean texts of the docs module (issue 33).
export const koDocs = {
  title: '문서',
  tabs: { reference: 'API 레퍼런스', guides: '가이드', changelog: '변경 기록' },
  reference: {
    searchLabel: 'API 검색',
    searchPlaceholder: '경로, 설명, 태그로 찾기',
    count: (shown: number, total: number) => `작업 ${total}개 중 ${shown}개`,
    empty: '검색과 일치하는 작업이 없어요.',
    loadFailed: 'API 문서를 불러오지 못했어요.',
    parameters: '매개변수',
    requestBody: '요청 본문',
    responses: '응답',
    required: '필수',
    noParameters: '매개변수 없음',
    copyCurl: 'curl 복사',
    copied: 'curl 명령을 복사했어요.',
    copyFailed: '복사하지 못했어요. 직접 선택해 복사해 주세요.',
    tokenPlaceholder: '<토큰>',
    untagged: '기타',
    openTag: (tag: string, n: number) => `${tag} (${n})`,
  },
  guides: {
    listLabel: '가이드 목록',
    loadFailed: '가이드를 불러오지 못했어요.',
    empty: '가이드가 없어요.',
    choose: '왼쪽에서 가이드를 고르세요.',
  },
  changelog: {
    loadFailed: '변경 기록을 불러오지 못했어요.',
    empty: '변경 기록이 없어요.',
    released: (date: string) => `${date} 출시`,
  },
  server: {
    guideNotFound: '찾는 가이드가 없어요.',
  },
} as const;
