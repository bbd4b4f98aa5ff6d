/** Meal manager, round two (issue 38): the fairness thread in Slack and the public verify page. */

export const koMealFairness = {
  validation: {
    slackChannel: 'Slack 채널은 채널 ID(C로 시작) 또는 #채널이름으로 입력해주세요. (80자 이내)',
  },
  server: {
    channelRequired: '이 시드는 Slack에 연결되어 있어 게임 라운드의 봉인값을 올릴 채널이 필요합니다. 채널을 입력하거나 Slack 설정에서 채널을 골라주세요.',
    verifyNotFound: '검증할 추첨을 찾을 수 없습니다. 링크를 다시 확인해주세요.',
  },
  slack: {
    commit: (p: { title: string; date: string; deadline: string; payerCount: number; commitment: string; url: string }) =>
      [
        `:game_die: *${p.title}* 결제자 추첨 라운드를 열었습니다.`,
        `날짜: ${p.date} · 주문 마감: ${p.deadline} · 결제자: ${p.payerCount}명`,
        `봉인값(commitment, 서버 비밀 값의 SHA-256): \`${p.commitment}\``,
        '누가 참여하기 전에 이 봉인값을 여기 먼저 올려둡니다. 추첨이 끝나면 이 스레드에 비밀 값을 공개하니, 누구나 아래 페이지에서 결과를 다시 계산해 볼 수 있습니다.',
        `검증 페이지: ${p.url}`,
      ].join('\n'),
    cancelled: (title: string) => `:no_entry: *${title}* 라운드가 추첨 전에 취소되었습니다. 아무도 뽑히지 않았고, 이 봉인값은 더 이상 쓰이지 않습니다.`,
    reveal: (p: { serverSeed: string; h: string; seeds: { label: string; clientSeed: string }[]; payers: { no: number; label: string }[]; url: string }) =>
      [
        ':unlock: 추첨 결과를 공개합니다.',
        `서버 비밀 값(serverSeed): \`${p.serverSeed}\``,
        '참여자의 행운의 문구 (사용자 ID 순서):',
        ...p.seeds.map((s, i) => `${i + 1}. ${s.label} ${JSON.stringify(s.clientSeed)}`),
        `h = HMAC-SHA256(serverSeed, 라운드 ID + ":" + 문구들을 ":"로 이은 것): \`${p.h}\``,
        `결제자: ${p.payers.map((x) => `${x.no}번 ${x.label}`).join(', ')}`,
        `검증 페이지: ${p.url}`,
      ].join('\n'),
  },
  ui: {
    slackChannel: '봉인값을 올릴 Slack 채널',
    slackChannelHelp: (fallback: string | null) =>
      fallback
        ? `참여를 받기 전에 이 채널에 봉인값을 올리고, 추첨 뒤 같은 스레드에 결과를 공개합니다. 비워두면 ${fallback}에 올립니다.`
        : '참여를 받기 전에 이 채널에 봉인값을 올리고, 추첨 뒤 같은 스레드에 결과를 공개합니다.',
    slackChannelPlaceholder: '#점심 또는 C0123ABCD',
    slackPublished: (channel: string) => `봉인값을 Slack ${channel} 채널에 미리 공개했습니다.`,
    slackNotPublished: (channel: string) => `Slack ${channel} 채널에 봉인값을 올리지 못했습니다. 봉인값은 이 화면과 검증 페이지에서만 확인할 수 있습니다.`,
    openVerifyPage: '공개 검증 페이지 열기 (로그인 없이 누구나)',
    verifyTitle: '추첨 공정성 검증',
    verifyDescription: '이 페이지는 로그인 없이 누구나 볼 수 있습니다. 결과는 이 브라우저에서 직접 다시 계산합니다.',
    loading: '추첨 정보를 불러오는 중...',
    notFound: '검증할 추첨을 찾을 수 없습니다. 링크를 다시 확인해주세요.',
    round: '라운드',
    date: '날짜',
    status: '상태',
    statusOpen: '참여 받는 중 (추첨 전)',
    statusClosed: '마감, 추첨 전',
    statusDrawn: '추첨 완료',
    statusCancelled: '취소됨',
    payerCount: (n: number) => `결제자 ${n}명`,
    commitment: '참여 전에 공개한 봉인값 (commitment)',
    serverSeed: '추첨 뒤 공개한 서버 비밀 값 (serverSeed)',
    hiddenUntilDraw: '비밀 값은 추첨 뒤에 공개됩니다. 지금은 봉인값만 볼 수 있습니다.',
    participants: '참여자와 행운의 문구 (사용자 ID 순서)',
    namesMasked: '이름은 가운데 글자를 가려서 보여줍니다.',
    noSeed: '(없음)',
    h: '계산 결과 h',
    payers: '결제자',
    verify: '이 브라우저에서 다시 계산하기',
    verifying: '계산 중...',
    match: '검증 완료: 공개된 커밋과 일치합니다',
    mismatch: '불일치: 다시 계산한 값이 공개된 커밋이나 결과와 다릅니다',
    checkCommitment: '비밀 값의 SHA-256이 봉인값과 같음',
    checkH: 'h를 다시 계산한 값이 같음',
    checkPayers: '다시 뽑은 결제자가 같음',
    formulaTitle: '계산 방법',
    formula: [
      '1. 봉인값 = SHA-256(서버 비밀 값). 비밀 값은 64자리 16진수 글자 그대로 해시합니다. 라운드를 열 때 봉인값만 먼저 공개하므로, 서버는 나중에 비밀 값을 바꿀 수 없습니다.',
      '2. 참여자를 사용자 ID 순서로 늘어놓고, 각자의 행운의 문구(없으면 빈 글자)를 ":"로 잇습니다.',
      '3. h = HMAC-SHA256(키 = 서버 비밀 값, 메시지 = 라운드 ID + ":" + 이어 붙인 문구).',
      '4. 첫 번째 결제자 = h의 앞 8자리(4바이트)를 정수로 읽어 참여자 수로 나눈 나머지 번째 사람.',
      '5. k번째 다음 결제자 = HMAC-SHA256(서버 비밀 값, 라운드 ID + ":" + k + ":" + 이어 붙인 문구)의 앞 8자리를 아직 뽑히지 않은 사람 수로 나눈 나머지 번째 사람.',
    ],
  },
} as const;
