// Booking rules, team quotas, admin override and abandoned series in meeting-room booking (issue 37).

/** 120 → '2시간', 90 → '1시간 30분', 45 → '45분'. */
export const formatDuration = (minutes: number): string => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}분`;
  return m === 0 ? `${h}시간` : `${h}시간 ${m}분`;
};

/** '을' after a final consonant, '를' after a vowel; '을(를)' when the last letter is not Hangul. */
const eul = (word: string) => {
  const c = word.trim().charCodeAt(word.trim().length - 1);
  if (c < 0xac00 || c > 0xd7a3) return `${word}을(를)`;
  return (c - 0xac00) % 28 === 0 ? `${word}를` : `${word}을`;
};

export const koRoomsRules = {
  server: {
    maxLength: (minutes: number) => `이 회의실은 한 번에 최대 ${formatDuration(minutes)}까지 예약할 수 있습니다.`,
    daysAhead: (days: number) => `이 회의실은 오늘부터 ${days}일 뒤까지만 예약할 수 있습니다.`,
    perPersonRoom: (hours: number, usedMinutes: number) =>
      `이 회의실은 한 사람이 한 주(월–일)에 최대 ${hours}시간까지 예약할 수 있습니다. 이 주에 이미 ${formatDuration(usedMinutes)} 예약했습니다.`,
    perPersonSeed: (hours: number, usedMinutes: number) =>
      `회의실은 한 사람이 한 주(월–일)에 모두 합쳐 최대 ${hours}시간까지 예약할 수 있습니다. 이 주에 이미 ${formatDuration(usedMinutes)} 예약했습니다.`,
    adminsOnly: '이 회의실은 관리자만 예약할 수 있습니다.',
    someMembersOnly: '이 회의실은 지정된 멤버만 예약할 수 있습니다.',
    teamQuota: (team: string, room: string | null, hours: number, usedMinutes: number) =>
      `${team} 팀은 한 주(월–일)에 ${room ? eul(room) : '모든 회의실을 합쳐'} 최대 ${hours}시간까지 예약할 수 있습니다. 이 주에 팀이 이미 ${formatDuration(usedMinutes)} 예약했습니다.`,
    overrideAdminsOnly: '규칙을 넘는 예외 예약은 소유자와 관리자만 할 수 있습니다.',
    rulesSaved: '예약 규칙을 저장했습니다.',
    roomRulesSaved: (room: string) => `${room}의 예약 규칙을 저장했습니다.`,
    teamSaved: (name: string) => `${name} 팀을 저장했습니다.`,
    teamRemoved: (name: string) => `${name} 팀을 삭제했습니다.`,
    teamTaken: '같은 이름의 팀이 이미 있습니다.',
    teamNotFound: '팀을 찾을 수 없습니다.',
    notMembers: '팀원과 예약 가능 멤버는 이 시드의 멤버만 지정할 수 있습니다.',
    seriesReleaseReason: (misses: number) => `${misses}번 연속 체크인하지 않아 남은 반복 일정을 해제했습니다.`,
  },
  notices: {
    seriesWarningTitle: (title: string) => `반복 예약이 곧 해제됩니다: ${title}`,
    seriesWarningBody: (title: string, room: string, misses: number) =>
      `'${title}'(${room}) 반복 예약이 ${misses}번 연속 체크인 없이 자동 취소되었습니다. 다음 일정도 체크인하지 않으면 남은 반복 일정이 모두 해제됩니다.`,
    seriesReleasedTitle: (title: string) => `반복 예약의 남은 일정을 해제했습니다: ${title}`,
    seriesReleasedBody: (title: string, room: string, misses: number, count: number) =>
      `'${title}'(${room}) 반복 예약이 ${misses}번 연속 체크인 없이 자동 취소되어 앞으로 남은 일정 ${count}개를 해제했습니다. 계속 쓰려면 다시 예약해 주세요.`,
  },
  validation: {
    maxMinutes: '최대 예약 시간은 15분 단위로 15분부터 720분까지 입력해 주세요.',
    maxDaysAhead: '예약 가능 기간은 1일부터 366일까지 입력해 주세요.',
    maxHoursPerWeek: '주간 한도는 1시간부터 168시간까지 입력해 주세요.',
    whoMayBook: '예약할 수 있는 사람을 골라 주세요.',
    abandonAfter: '반복 예약 해제 기준은 0번(끔)부터 10번까지 입력해 주세요.',
    teamName: '팀 이름을 입력해 주세요.',
    teamNameMax: '팀 이름은 50자 이내로 입력해 주세요.',
    teamMembers: '팀원을 한 명 이상 골라 주세요.',
    overrideReason: '예외 사유를 2자 이상 200자 이내로 입력해 주세요.',
  },
  ui: {
    title: '예약 규칙',
    lead: '시드 전체에 적용되는 규칙입니다. 회의실마다 따로 정하면 그 항목은 회의실 규칙이 우선합니다(주간 최대 예약 시간은 둘 다 적용됩니다). 비워 두면 제한이 없습니다.',
    maxMinutes: '한 번에 최대 예약 시간(분)',
    maxDaysAhead: '며칠 뒤까지 예약 가능(일)',
    maxHoursPerWeek: '한 사람의 주간 최대 예약 시간(시간, 월–일)',
    whoMayBook: '예약할 수 있는 사람',
    who: { everyone: '모든 멤버', members: '지정한 멤버', admins: '소유자·관리자만' } as Record<string, string>,
    whoInherit: '시드 규칙대로',
    allowedMembers: '예약할 수 있는 멤버',
    abandonAfter: '체크인 없는 반복 예약 해제 기준(연속 횟수, 0이면 끔)',
    abandonHint: '반복 예약이 이 횟수만큼 연속으로 체크인 없이 자동 취소되면 예약자에게 알리고, 한 번 더 놓치면 남은 일정을 해제합니다.',
    save: '규칙 저장',
    noLimit: '제한 없음',
    inherit: '시드 규칙대로',
    roomRulesTitle: '이 회의실의 예약 규칙',
    roomRulesLead: '비워 둔 항목은 시드 규칙을 따릅니다. 주간 최대 예약 시간은 이 회의실의 한도와 시드 전체 한도가 함께 적용됩니다.',
    teamsTitle: '팀별 주간 한도',
    teamsLead: '팀원들이 함께 한 주(월–일)에 예약할 수 있는 시간을 정합니다.',
    teamName: '팀 이름',
    teamRoom: '회의실',
    allRooms: '모든 회의실 합계',
    teamHours: '주간 한도(시간)',
    teamMembers: '팀원',
    addTeam: '팀 추가',
    editTeam: '수정',
    saveTeam: '팀 저장',
    cancelEdit: '취소',
    removeTeam: (name: string) => `${name} 팀 삭제`,
    noTeams: '만든 팀이 없습니다.',
    teamLine: (room: string, hours: number, members: number) => `${room} · 주 ${hours}시간 · ${members}명`,
    override: '규칙 예외로 예약 (관리자)',
    overrideReason: '예외 사유',
    overrideHint: '예외 예약은 사유와 함께 기록됩니다.',
    exception: (reason: string) => `규칙 예외 예약 — ${reason}`,
    released: (reason: string) => `해제됨 — ${reason}`,
    historyTitle: '반복 예약 기록',
    history: {
      series_miss: (n: number) => `체크인 없이 자동 취소 (연속 ${n}번째)`,
      series_warning: '예약자에게 다음에 놓치면 해제된다고 알림',
      series_release: (count: number) => `남은 일정 ${count}개 해제`,
      rule_override: (reason: string) => `규칙 예외 예약: ${reason}`,
    },
  },
};
