/** Korean texts of the hardening rules (issue 11): input text rule, quotas, document caps, stream caps. */
export const koSecurity = {
  invalidText: '입력값에 사용할 수 없는 문자(널 문자 또는 짝이 맞지 않는 유니코드 서로게이트)가 있습니다.',
  invalidTextAt: (where: string) => `입력값(${where})에 사용할 수 없는 문자(널 문자 또는 짝이 맞지 않는 유니코드 서로게이트)가 있습니다.`,
  mailQuotaUser: (minutes: number) => `한 시간에 보낼 수 있는 메일 수를 넘었습니다. ${minutes}분 후에 다시 시도해주세요.`,
  mailQuotaSeed: (minutes: number) => `이 시드에서 한 시간에 보낼 수 있는 메일 수를 넘었습니다. ${minutes}분 후에 다시 시도해주세요.`,
  tooManyStreams: (max: number) => `동시에 열 수 있는 실시간 연결은 ${max}개까지입니다. 다른 탭이나 창을 닫고 다시 시도해주세요.`,
  loginIpLimited: (minutes: number) => `이 네트워크에서 로그인 실패가 너무 많습니다. ${minutes}분 후에 다시 시도해주세요.`,
  documentTooBig: '문서가 너무 커서 처리할 수 없습니다.',
  documentCap: (cap: string) => `문서가 처리 한도를 넘었습니다: ${cap}. 문서를 나누어 올려주세요.`,
  capPages: (max: number) => `페이지 수 ${max.toLocaleString('ko-KR')}쪽`,
  capChars: (max: number) => `추출한 글자 수 ${max.toLocaleString('ko-KR')}자`,
  capTime: (seconds: number) => `처리 시간 ${seconds}초`,
  capMemory: (mb: number) => `메모리 ${mb}MB`,
  urlTooBig: (mb: number) => `가져온 문서가 ${mb}MB를 넘어 중단했습니다.`,
  urlBlocked: '내부망·루프백·링크 로컬·메타데이터 주소는 가져올 수 없습니다.',
  urlTooManyRedirects: '리디렉션이 너무 많습니다.',
  outsideAttendeesPerBooking: (max: number) => `외부 참석자(시드 구성원이 아닌 주소)는 예약 하나에 ${max}명까지 넣을 수 있습니다.`,
  outsideAttendeesPerDay: (max: number) => `이 시드는 오늘 외부 참석자 주소를 ${max}개까지 넣을 수 있습니다. 내일 다시 시도해주세요.`,
  minutesAlreadySent: (minutes: number) => `이 예약의 회의록은 10분에 한 번만 보낼 수 있습니다. ${minutes}분 후에 다시 시도해주세요.`,
  minutesEmpty: '보낼 회의록이 없습니다. 먼저 회의록을 저장해주세요.',
  minutesSent: (n: number) => `회의록을 ${n}명에게 보냈습니다.`,
  // Issue 27 item 4: failed second-step codes across sign-ins.
  secondStepLocked: (minutes: number) =>
    `인증 코드가 여러 번 틀려 2단계 인증이 잠겼습니다. ${minutes}분 후에 다시 시도해주세요. 패스키가 있다면 패스키로는 로그인할 수 있습니다.`,
  secondStepIpLimited: (minutes: number) => `이 네트워크에서 틀린 인증 코드가 너무 많습니다. ${minutes}분 후에 다시 시도해주세요.`,
  secondStepLockSubject: '[컴퍼니 툴즈] 2단계 인증이 잠시 잠겼습니다',
  secondStepLockBody: (minutes: number) =>
    `누군가 회원님의 비밀번호로 로그인한 뒤 틀린 인증 코드를 여러 번 입력해, 2단계 인증을 ${minutes}분 동안 잠갔습니다. 본인이 아니라면 비밀번호가 알려진 것입니다. 아래 링크에서 비밀번호를 바로 바꿔주세요. 비밀번호를 바꾸면 이 잠금도 풀립니다.`,
  // Issue 27 item 16: the owner's unlock link when strangers locked the sign-in.
  loginUnlockSubject: '[컴퍼니 툴즈] 로그인이 잠겼습니다: 잠금 해제 링크',
  loginUnlockBody: (minutes: number) =>
    `회원님의 계정에 여러 주소에서 틀린 비밀번호가 입력되어, 처음 쓰는 브라우저에서의 로그인을 잠갔습니다. 본인이라면 아래 링크를 열어 잠금을 풀고 그 브라우저에서 로그인하세요. 링크는 ${minutes}분 동안 한 번만 쓸 수 있고, 연 브라우저는 이후 이 잠금에 걸리지 않습니다. 본인이 시도한 것이 아니라면 비밀번호를 바꾸는 것이 안전합니다.`,
  loginUnlockButton: '로그인 잠금 풀기',
  loginUnlocked: '로그인 잠금을 풀었습니다. 이 브라우저에서 다시 로그인해주세요.',
  loginUnlockInvalid: '잠금 해제 링크가 올바르지 않거나 이미 쓰였거나 만료되었습니다. 로그인 화면에서 다시 요청해주세요.',
  loginLockedWithMail: (minutes: number) =>
    `여러 곳에서 로그인 실패가 이어져 이 계정의 로그인이 잠겼습니다. ${minutes}분 후에 다시 시도하거나, 계정 이메일로 보낸 잠금 해제 링크를 열어주세요.`,
  unlockTitle: '로그인 잠금 해제',
  unlockWorking: '잠금을 푸는 중입니다...',
  unlockGoLogin: '로그인하러 가기',
} as const;
