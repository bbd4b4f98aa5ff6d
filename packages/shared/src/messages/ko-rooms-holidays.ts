// Korean public holidays and closed days in meeting-room booking (issue 37).

/** '이라' after a final consonant (추석이라), '라' after a vowel (지방선거라); '(이)라' when the last letter is not Hangul. */
const ira = (word: string) => {
  const c = word.trim().charCodeAt(word.trim().length - 1);
  if (c < 0xac00 || c > 0xd7a3) return `${word}(이)라`;
  return (c - 0xac00) % 28 === 0 ? `${word}라` : `${word}이라`;
};

export const koRoomsHolidays = {
  server: {
    /** A date is read as '…일', so it always takes '은'. */
    closedOn: (date: string, name: string) => `${date}은 ${ira(name)} 이 회의실은 예약할 수 없습니다.`,
    closedDayAdded: (date: string, name: string) => `${date} ${name}을(를) 휴무일로 추가했습니다. 공휴일 예약을 받는 회의실을 빼고는 이날 예약할 수 없습니다.`,
    closedDayRemoved: '휴무일을 삭제했습니다.',
    closedDayTaken: '그 날짜는 이미 휴무일입니다.',
    closedDayNotFound: '그 날짜의 휴무일이 없습니다.',
  },
  validation: {
    date: '날짜를 YYYY-MM-DD 형식의 실제 날짜로 입력해 주세요.',
    name: '휴무일 이름을 입력해 주세요.',
    nameMax: '휴무일 이름은 50자 이내로 입력해 주세요.',
    year: '연도는 2000년부터 2050년 사이로 입력해 주세요.',
  },
  kind: { public: '공휴일', substitute: '대체공휴일', company: '휴무일' } as Record<string, string>,
  ui: {
    openOnHolidays: '공휴일에도 예약 받기',
    openOnHolidaysHint: '끄면 공휴일·대체공휴일과 아래 휴무일에는 이 회의실을 예약할 수 없습니다.',
    closedBadge: '휴무',
    closedCell: (name: string) => `${name} — 예약 불가`,
    skippedTitle: '공휴일·휴무일이라 건너뛴 날짜',
    skippedLine: (date: string, name: string) => `${date} ${name}`,
    closedDaysTitle: '휴무일',
    closedDaysLead: '선거일이나 회사 휴무일처럼 회의실을 닫을 날을 추가합니다. 공휴일과 대체공휴일은 자동으로 닫힙니다.',
    closedDayDate: '날짜',
    closedDayName: '이름',
    closedDayNamePlaceholder: '예: 지방선거',
    addClosedDay: '휴무일 추가',
    removeClosedDay: (date: string) => `${date} 휴무일 삭제`,
    noClosedDays: '추가한 휴무일이 없습니다.',
    yearHolidays: (year: number) => `${year}년 공휴일`,
  },
};
