/** Notification service (issue 30): event labels, validation and server messages, mail texts. */
export const koNotifications = {
  events: {
    'rooms.reminder': '회의실 예약 알림',
    'rooms.released': '회의실 예약 자동 취소',
    'rooms.minutes-items': '회의록의 결정 사항과 할 일',
    'meal.round-opened': '식사 라운드 시작',
    'meal.closing-soon': '식사 주문 마감 임박',
    'meal.closed': '식사 주문 마감',
    'meal.drawn': '식사 결제자 추첨 결과',
    'meal.unpaid-share': '식사비 미정산',
    'meal.payment-reminder': '식사비 정산 알림 (정기)',
    'meal.transfer': '식사비 송금·확인',
    'chatbot.handoff': '챗봇 상담원 연결 요청',
    'api-builder.errors': 'API 빌더 오류',
    'api-builder.usage-threshold': 'API 빌더 사용량 한도 근접',
    'billing.payment-succeeded': '결제 완료',
    'billing.payment-failed': '결제 실패',
    'billing.plan-changed': '요금제 변경',
    'billing.card-expiring': '카드 유효기간 만료 예정',
    'billing.transfer-waiting': '계좌이체 입금 대기',
    'billing.tax-invoice': '세금계산서 발행',
    'security.new-sign-in': '새 기기 로그인',
    'security.second-factor-changed': '2단계 인증 변경',
    'security.password-changed': '비밀번호 변경',
  },
  channels: { inApp: '콘솔', mail: '메일', slack: 'Slack DM', webhook: '웹훅' },
  /** Titles and bodies of the notices the modules send through the notification service (issue 30). */
  notices: {
    roomsReminderTitle: (title: string, when: string) => `회의 알림: ${title} · ${when}`,
    roomsReleasedTitle: (title: string) => `회의실 예약이 자동 취소되었습니다: ${title}`,
    roomsReleasedBody: (title: string, room: string, when: string, minutes: number) =>
      `시작 후 ${minutes}분 안에 체크인하지 않아 예약이 자동으로 취소되었습니다.\n\n회의: ${title}\n회의실: ${room}\n시간: ${when}\n\n회의실이 다시 필요하면 새로 예약해주세요.`,
    securityNewSignInTitle: '새 기기에서 로그인했습니다',
    securityNewSignInBody: (device: string, ip: string, when: string) =>
      `${when}에 처음 보는 기기나 네트워크에서 계정에 로그인했습니다.\n\n기기: ${device}\nIP 주소: ${ip}\n\n본인이 아니라면 바로 비밀번호를 바꾸고 계정 설정의 로그인 기기 목록에서 이 로그인을 종료하세요.`,
    securitySecondFactorTitle: (added: boolean) => (added ? '2단계 인증 수단이 추가되었습니다' : '2단계 인증 수단이 삭제되었습니다'),
    securitySecondFactorBody: (kind: string, added: boolean, when: string) =>
      `${when}에 계정의 2단계 인증 수단(${kind})이 ${added ? '추가' : '삭제'}되었습니다.\n\n본인이 한 일이 아니라면 바로 비밀번호를 바꾸고 계정 설정에서 2단계 인증을 확인하세요.`,
    securitySecondFactorKinds: { totp: '인증 앱', passkey: '패스키' },
    mealOpenedTitle: (title: string) => `식사 라운드가 열렸습니다: ${title}`,
    mealOpenedBody: (title: string, host: string, deadline: string) =>
      `${host} 님이 식사 라운드를 열었습니다.\n\n${title}\n주문 마감: ${deadline}\n\n참여하거나 불참을 알려주세요.`,
    mealClosingSoonTitle: (title: string) => `${title} 주문 마감 10분 전입니다`,
    mealClosingSoonBody: (title: string, deadline: string) => `아직 응답하지 않으셨어요. ${title} 주문이 ${deadline}에 마감됩니다.`,
    mealClosedTitle: (title: string) => `${title} 주문이 마감되었습니다`,
    mealClosedBody: (title: string, lines: string[], total: number) =>
      `${title} 주문이 마감되었습니다.\n\n${lines.join('\n')}\n\n합계: ${total.toLocaleString('ko-KR')}원`,
    mealDrawnTitle: (title: string) => `${title} 결제자 추첨 결과`,
    mealDrawnBody: (title: string, payers: string) => `${title}의 결제자는 ${payers} 님입니다.\n\n추첨이 공정했는지 라운드 화면에서 직접 확인할 수 있습니다.`,
    mealUnpaidTitle: (title: string) => `식사비 정산이 남았습니다: ${title}`,
    mealUnpaidBody: (title: string, date: string, to: string, amount: number, debt: number) =>
      `${date} '${title}' 라운드에서 ${to} 님께 보낼 ${amount.toLocaleString('ko-KR')}원이 아직 정산되지 않았습니다.\n지금 정산할 금액은 모두 ${debt.toLocaleString('ko-KR')}원입니다.\n\n보낸 뒤 식사 장부에서 송금을 기록해주세요.`,
    chatbotHandoffTitle: (bot: string) => `${bot}: 상담원 연결 요청이 들어왔습니다`,
    chatbotHandoffBody: (bot: string, email: string, transcript: string) =>
      `챗봇 '${bot}'에서 고객(${email})이 상담원 연결을 요청했습니다.\n\n대화 내용:\n${transcript}`,
    chatbotHandoffDigestTitle: (bot: string, n: number) => `${bot}: 상담원 연결 요청 ${n}건이 들어왔습니다`,
    chatbotHandoffDigestBody: (bot: string, lines: string[]) =>
      `챗봇 '${bot}'에 상담원 연결 요청 ${lines.length}건이 모였습니다. 요청이 몰릴 때는 한 번에 묶어 알려 드립니다.\n\n${lines.join('\n')}`,
    apiErrorsTitle: (n: number) => `API 빌더: 한 시간에 서버 오류가 ${n}건에 이르렀습니다`,
    apiErrorsBody: (n: number, since: string) =>
      `${since}부터 게시한 API의 응답 중 서버 오류(5xx)가 ${n}건에 이르렀습니다. 연결한 데이터베이스가 응답하는지, 연결 설정이 바뀌지 않았는지 확인해주세요.\n\n이 알림은 한 시간에 한 번만 보냅니다.`,
    apiUsageTitle: (n: number) => `API 빌더: 오늘 호출이 ${n.toLocaleString('ko-KR')}건을 넘었습니다`,
    apiUsageBody: (day: string, calls: number, threshold: number) =>
      `${day} 하루 동안 이 시드의 API 호출이 ${calls.toLocaleString('ko-KR')}건으로 알림 기준 ${threshold.toLocaleString('ko-KR')}건을 넘었습니다. 키별 사용량은 API 빌더 개요에서 볼 수 있습니다.\n\n이 알림은 하루에 한 번만 보냅니다.`,
    securityPasswordTitle: '비밀번호가 변경되었습니다',
    securityPasswordBody: (when: string, reset: boolean) =>
      `${when}에 계정 비밀번호가 ${reset ? '재설정 링크로 ' : ''}변경되었습니다. 다른 기기의 로그인은 모두 종료되었습니다.\n\n본인이 한 일이 아니라면 로그인 화면의 '비밀번호 찾기'로 바로 비밀번호를 재설정하세요.`,
  },
  validation: {
    event: '알 수 없는 알림 종류입니다.',
    channel: '알림 채널 설정은 true 또는 false여야 합니다.',
    time: '시각은 HH:MM 형식(00:00~23:59)이어야 합니다.',
    sameTimes: '방해 금지 시작과 끝 시각이 같을 수 없습니다.',
    digest: '요약 메일 설정은 true 또는 false여야 합니다.',
    securityLocked: '보안 알림은 콘솔과 메일로 항상 보내므로 끌 수 없습니다.',
    ids: '알림 ID 목록(1~200개)을 보내주세요.',
    id: '올바른 ID가 아닙니다.',
    limit: '한 번에 1~100개까지 볼 수 있습니다.',
    cursor: '올바른 커서가 아닙니다.',
    seedId: '올바른 시드 ID가 아닙니다.',
    status: '알 수 없는 전송 상태입니다.',
  },
  server: {
    saved: '알림 설정을 저장했습니다.',
    notMember: '이 시드의 멤버가 아니어서 시드별 알림 설정을 볼 수 없습니다.',
    marked: (n: number) => `${n}개의 알림을 읽음으로 표시했습니다.`,
  },
  mail: {
    subject: (title: string) => `[컴퍼니 툴즈] ${title}`,
    open: '자세히 보기',
    digestSubject: (n: number) => `[컴퍼니 툴즈] 방해 금지 시간 동안 온 알림 ${n}개`,
    digestIntro: '방해 금지 시간 동안 온 알림을 모아 보내드립니다.',
    footer: '알림 설정은 콘솔의 알림 설정에서 바꿀 수 있습니다.',
  },
} as const;
