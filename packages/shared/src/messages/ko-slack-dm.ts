/** Chat AI for Slack, where it answers (issue 35, decision 086): direct messages, the Assistant panel, limits. */
export const koSlackDm = {
  /** Posted when a user opens the Assistant side panel (assistant_thread_started). */
  greeting: '안녕하세요! 사내 문서와 팀에서 나눈 대화에서 답을 찾아 드릴게요. 궁금한 것을 편하게 물어보세요.',
  /** The suggested prompts' heading and the prompts (assistant.threads.setSuggestedPrompts: title ≤ 75 chars). */
  promptsTitle: '이렇게 물어볼 수 있어요',
  prompts: [
    { title: '휴가 규정 알아보기', message: '연차는 며칠이고 어떻게 신청하나요?' },
    { title: '사내 규정 찾기', message: '재택근무 규정을 알려 주세요.' },
    { title: '무엇을 할 수 있나요?', message: '어떤 걸 물어볼 수 있나요?' },
  ],
  /** Sent once per window when a person asks too often (per user limit). */
  limitedUser: (minutes: number) => `질문이 너무 많이 들어와서 잠시 쉬어 갈게요. ${minutes}분 뒤에 다시 물어봐 주세요.`,
  /** Sent once per window when the whole workspace asks too often. */
  limitedWorkspace: (minutes: number) => `지금 이 워크스페이스에서 질문이 많아 잠시 답하지 못하고 있어요. ${minutes}분 뒤에 다시 물어봐 주세요.`,
};
