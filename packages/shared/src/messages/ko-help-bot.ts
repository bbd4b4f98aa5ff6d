// Korean texts (issue 33): help-bot — the help centre's own chatbot (문의하기) and its hand-off mail.
export const koHelpBot = {
  /** The system account that owns the help bot's seed (it never signs in). */
  systemName: '컴퍼니 툴즈',
  seedName: '컴퍼니 툴즈 도움말',
  botName: '컴퍼니 툴즈 도움말',
  greeting: '안녕하세요, 컴퍼니 툴즈 도움말입니다. 궁금한 점을 편하게 물어보세요. 도움말 문서에서 찾아 답해 드립니다.',
  /** The last line of every answer: the article it comes from. */
  moreLink: (url: string) => `자세히 보기: ${url}`,
  handoffSubject: (who: string) => `[컴퍼니 툴즈 문의하기] ${who}님의 문의가 도착했습니다`,
  handoffBody: (p: { email: string; name: string; message: string; transcript: string }) =>
    [
      '도움말 센터의 문의하기에서 상담원 연결을 요청했습니다.',
      '',
      `보낸 사람: ${p.name ? `${p.name} <${p.email}>` : p.email}`,
      `남긴 말: ${p.message || '(없음)'}`,
      '',
      '대화 내용:',
      p.transcript || '(대화 없음)',
      '',
      '이 메일에 답장하거나 위 주소로 직접 답해 주세요.',
    ].join('\n'),
} as const;
