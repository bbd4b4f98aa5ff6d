/** Slack channel digests (issue 35, decision 087): the digest itself, the /digest command and the console card. */
const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const;
const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** '매일 18:00', '매주 금요일 17:00', '꺼짐'. */
const schedule = (s: { frequency: 'daily' | 'weekly' | 'off'; weekday: number; minute_of_day: number }) =>
  s.frequency === 'off' ? '꺼짐' : s.frequency === 'daily' ? `매일 ${hhmm(s.minute_of_day)}` : `매주 ${WEEKDAYS[s.weekday]}요일 ${hhmm(s.minute_of_day)}`;

export const koSlackDigest = {
  weekdays: WEEKDAYS,
  hhmm,
  schedule,
  /** The digest message. */
  post: {
    title: (channel: string, frequency: 'daily' | 'weekly') => `*${channel} ${frequency === 'daily' ? '일일' : '주간'} 다이제스트*`,
    period: (from: string, to: string, messages: number, people: number) => `${from} ~ ${to} · 메시지 ${messages}개 · 참여 ${people}명`,
    decisions: '*결정된 것*',
    questions: '*열린 질문*',
    actions: '*할 일과 담당자*',
    threads: '*많이 이야기한 스레드*',
    none: '• 없음',
    more: (n: number) => `• …외 ${n}건`,
    link: '메시지 보기',
    due: (date: string) => `마감 ${date}`,
    noOwner: '담당자 미정',
    replies: (n: number) => `댓글 ${n}개`,
    basicNote: '_언어 모델 없이 규칙으로 뽑은 요약이에요. 결정·질문·할 일 표현(확정, ~하기로, ~까요?, @담당 ~해주세요, ~까지)을 찾았어요._',
    budgetNote: '_이번 달 토큰 한도를 넘어 규칙으로 뽑은 요약이에요._',
    dmIntro: (channel: string) => `${channel} 채널 다이제스트를 구독하셔서 보내드려요. 그만 받으려면 채널에서 \`/digest 구독 취소\`를 입력하세요.`,
  },
  /** Ephemeral answers to /digest. */
  command: {
    help: [
      '*다이제스트 명령어*',
      '• `/digest` — 이 채널의 다이제스트 설정 보기',
      '• `/digest 구독` · `/digest 구독 취소` — 다이제스트를 개인 메시지로 받기 · 그만 받기',
      '• `/digest 매일 18:00` — 매일 이 시각에 (관리자)',
      '• `/digest 매주 금 17:00` — 매주 이 요일 이 시각에 (관리자)',
      '• `/digest 채널 게시` · `/digest 채널 게시 끄기` — 채널에도 올리기 · 구독자에게만 보내기 (관리자)',
      '• `/digest 끄기` — 이 채널의 다이제스트 끄기 (관리자)',
      '시각은 한국 시간(24시간제)이고, 다이제스트에는 결정된 것·열린 질문·할 일과 담당자가 메시지 링크와 함께 담겨요.',
    ].join('\n'),
    status: (o: { channel: string; schedule: string; postToChannel: boolean; subscribers: number; subscribed: boolean }) =>
      [
        `*${o.channel} 다이제스트*: ${o.schedule}`,
        `• 받는 곳: ${o.postToChannel ? '채널과 구독자 개인 메시지' : '구독자 개인 메시지'} (구독자 ${o.subscribers}명)`,
        `• 나: ${o.subscribed ? '구독 중' : '구독하지 않음'}`,
        '`/digest 도움말`로 명령어를 볼 수 있어요.',
      ].join('\n'),
    notSetUp: (channel: string) =>
      `${channel} 채널에는 아직 다이제스트가 없어요. 관리자가 \`/digest 매일 18:00\`처럼 시각을 정하거나, \`/digest 구독\`으로 바로 받아볼 수 있어요.`,
    subscribed: (channel: string, schedule: string) => `${channel} 다이제스트를 구독했어요. ${schedule}에 개인 메시지로 보내드릴게요.`,
    subscribedOff: (channel: string) => `${channel} 다이제스트를 구독했어요. 지금은 다이제스트가 꺼져 있어서, 관리자가 다시 켜면 받게 돼요.`,
    alreadySubscribed: '이미 구독 중이에요.',
    unsubscribed: (channel: string) => `${channel} 다이제스트 구독을 취소했어요.`,
    notSubscribed: '구독하고 있지 않아요.',
    scheduleSet: (channel: string, schedule: string, postToChannel: boolean) =>
      `${channel} 다이제스트를 ${schedule}에 ${postToChannel ? '채널과 구독자에게' : '구독자에게'} 보내도록 정했어요.`,
    postOn: (channel: string) => `이제 ${channel} 채널에도 다이제스트를 올려요.`,
    postOff: (channel: string) => `이제 ${channel} 다이제스트는 구독자에게만 개인 메시지로 보내요.`,
    turnedOff: (channel: string) => `${channel} 다이제스트를 껐어요. 구독자 목록은 그대로 남아요.`,
    adminsOnly: '시각과 게시 방법은 워크스페이스 관리자나 앱을 연결한 사람만 바꿀 수 있어요. `/digest 구독`은 누구나 할 수 있어요.',
    unknown: (text: string) => `'${text}'은(는) 알 수 없는 명령이에요. \`/digest 도움말\`을 입력해 보세요.`,
    badTime: '시각은 00:00부터 23:59 사이로, `18:00`이나 `9:30`처럼 입력해주세요.',
    badWeekday: '요일은 월, 화, 수, 목, 금, 토, 일 중 하나로 입력해주세요. 예: `/digest 매주 금 17:00`',
    notInChannel: '다이제스트는 채널에서만 설정할 수 있어요. 다이제스트를 받을 채널에서 입력해주세요.',
    notConnected: '이 워크스페이스는 아직 연결되지 않았어요. 관리 콘솔에서 Slack을 연결해주세요.',
    channelExcluded: '이 채널은 관리 콘솔의 채널 설정에서 빠져 있어 메시지를 모으지 않아요. 콘솔에서 채널을 추가해주세요.',
    notMember: '이 채널의 멤버만 다이제스트를 구독할 수 있어요. 채널에 참여한 뒤 다시 시도해주세요.',
    inviteHint: '아직 이 채널의 메시지를 하나도 모으지 못했어요. `/invite @앱이름`으로 앱을 채널에 초대해야 다이제스트를 만들 수 있어요.',
  },
  server: {
    saved: '다이제스트 설정을 저장했어요.',
    subscribed: '다이제스트를 구독했어요. Slack 개인 메시지로 보내드릴게요.',
    unsubscribed: '다이제스트 구독을 취소했어요.',
    notMember: '이 채널의 멤버만 다이제스트를 구독할 수 있어요. Slack에서 채널에 참여한 뒤 다시 시도해주세요.',
    channelExcluded: '관리자가 대화 검색에서 제외한 채널이라 다이제스트를 받을 수 없어요.',
    badText: '보낸 내용에 쓸 수 없는 문자(NUL 등)가 들어 있어요. 다시 입력해주세요.',
    noSlackAccount: '내 이메일과 같은 Slack 계정을 찾지 못했어요. Slack 프로필의 이메일이 이 계정과 같은지 확인해주세요.',
    workspaceInactive: '연결이 해제된 워크스페이스에서는 다이제스트를 바꿀 수 없어요.',
  },
  validation: {
    frequency: '주기는 daily(매일), weekly(매주), off(끄기) 중 하나여야 해요.',
    weekday: '요일은 0(일요일)부터 6(토요일) 사이여야 해요.',
    time: '시각은 00:00부터 23:59 사이의 HH:MM 형식으로 입력해주세요.',
    channel: '채널 ID는 C 또는 G로 시작하는 영문 대문자와 숫자여야 해요.',
  },
  ui: {
    tab: '다이제스트',
    title: '채널 다이제스트',
    intro:
      '채널마다 매일 또는 매주 정한 시각(한국 시간)에 결정된 것, 열린 질문, 할 일과 담당자를 메시지 링크와 함께 정리해 보내요. Slack에서 /digest 명령으로도 설정하고 구독할 수 있어요.',
    empty: '아직 다이제스트를 만들 채널이 없어요. 앱을 채널에 초대하면 그 채널의 메시지가 모이고 여기에 나타나요.',
    channel: '채널',
    frequency: '주기',
    frequencies: { daily: '매일', weekly: '매주', off: '끄기' } as Record<'daily' | 'weekly' | 'off', string>,
    weekday: '요일',
    time: '시각',
    postToChannel: '채널에도 올리기',
    subscribers: (n: number) => `구독자 ${n}명`,
    noSubscribers: '구독자 없음',
    lastRun: '지난 다이제스트',
    lastRunStatus: { sent: '보냄', empty: '새 대화 없음', failed: '실패', claimed: '보내는 중' } as Record<string, string>,
    never: '아직 없음',
    nextAt: (at: string) => `다음: ${at}`,
    save: '저장',
    saving: '저장 중...',
    subscribe: '나도 구독',
    unsubscribe: '구독 취소',
    managersOnly: '시드 소유자나 관리자만 일정을 바꿀 수 있어요.',
    loadFailed: '다이제스트 설정을 불러오지 못했어요.',
    basicMode: '언어 모델 없이 규칙으로 요약해요.',
    llmMode: '언어 모델로 요약하고, 토큰 한도를 넘으면 규칙으로 요약해요.',
  },
};
