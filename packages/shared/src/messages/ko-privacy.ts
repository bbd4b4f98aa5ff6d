/**
 * Privacy (issue 32): every Korean text of the privacy features, by section. Each section belongs to one part of the
 * module (export, deletion, consents, recipients, seed owners' requests, access records, policy, the settings page).
 */
export const koPrivacy = {
  validation: {
    kind: '요청 종류는 export 또는 erase여야 합니다.',
    subject: '대상은 이메일, 챗봇 방문자 ID, Slack 사용자 ID 중 하나로 지정해주세요.',
    email: '올바른 이메일 주소를 입력해주세요.',
    visitorId: '챗봇 방문자 ID가 올바르지 않습니다.',
    slackUserId: 'Slack 사용자 ID가 올바르지 않습니다.',
    reauth: '비밀번호 또는 2단계 인증 코드를 입력해주세요.',
    reason: '사유는 500자 이내로 입력해주세요.',
    consents: '변경할 동의 항목을 하나 이상 보내주세요.',
  },
  server: {
    exportNotFound: '내보내기를 찾을 수 없습니다.',
    exportExpired: '다운로드 링크가 만료되었습니다. 내보내기를 다시 요청해주세요.',
    exportBusy: '진행 중인 내보내기가 있습니다. 완료된 뒤 다시 요청해주세요.',
    seedsOwned: '소유한 시드가 있어 계정을 삭제할 수 없습니다. 시드를 다른 멤버에게 넘기거나 삭제한 뒤 다시 시도해주세요.',
    deletionNotPending: '예정된 계정 삭제가 없습니다.',
    deletionPending: '이 계정은 삭제 예정입니다.',
    under14:
      '만 14세 미만은 법정대리인의 동의가 있어야 가입할 수 있습니다(개인정보 보호법 제22조의2). 현재는 법정대리인 동의 절차를 제공하지 않아 가입할 수 없습니다.',
    subjectNotFound: '해당 대상의 데이터를 찾을 수 없습니다.',
    requestNotFound: '요청을 찾을 수 없습니다.',
    ownerOnly: '시드 소유자만 개인정보 요청을 처리할 수 있습니다.',
  },
  // Sections below are filled by the parts that use them.
  export: {},
  deletion: {},
  consents: {},
  recipients: {},
  seedRequests: {},
  access: {},
  retention: {},
  policy: {},
  settingsUi: {},
} as const;
