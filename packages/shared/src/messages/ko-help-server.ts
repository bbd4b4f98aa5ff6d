// Korean texts (issue 33): help-server.
export const koHelpServer = {
  articleNotFound: '도움말 문서를 찾을 수 없습니다. 주소를 확인하거나 도움말 센터에서 검색해 주세요.',
} as const;
