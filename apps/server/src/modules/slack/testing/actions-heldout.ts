/**
 * Held-out phrasings for the Slack action intents (decision 088): written before the rules were first run and never
 * used to tune them. actions.intents.test.ts reports the share detected right and asserts only a floor; the tuning
 * phrasings live in the test itself.
 */
export const HELD_OUT: { text: string; kind: 'book' | 'meal' | 'myBookings' | null }[] = [
  // Actions
  { text: '모레 오전 10시에 6명 들어갈 회의실 예약해줘', kind: 'book' },
  { text: '다음 주 화요일 오후 2시 회의실 하나 잡아주세요', kind: 'book' },
  { text: '오늘 4시 반부터 30분만 미팅룸 잡아줘', kind: 'book' },
  { text: '이번 주 목요일 11시 8명 회의실 부탁해', kind: 'book' },
  { text: '내일 14:30 두 명 회의실 예약 좀 해줘', kind: 'book' },
  { text: '회의실 좀 잡아줘 내일 오후 1시 2시간', kind: 'book' },
  { text: '금요일 9시 반 회의실 예약해 주세요 5명', kind: 'book' },
  { text: '저녁 모집 6시 마감', kind: 'meal' },
  { text: '오늘 점심 같이 먹을 사람 모집해줘 11시 40분 마감', kind: 'meal' },
  { text: '점심 모아줘 12시까지', kind: 'meal' },
  { text: '내 예약 목록 보여줘', kind: 'myBookings' },
  { text: '제 회의실 예약 확인해 주세요', kind: 'myBookings' },
  { text: '내 예약 뭐 있어?', kind: 'myBookings' },
  // Questions and other talk: never an action
  { text: '회의실은 최대 몇 시간까지 예약할 수 있나요?', kind: null },
  { text: '회의실 예약 취소는 어떻게 하나요?', kind: null },
  { text: '점심 모집은 누가 열 수 있어?', kind: null },
  { text: '회의실 예약 규칙 알려줘', kind: null },
  { text: '대회의실 몇 명 들어가?', kind: null },
  { text: '어제 회의 요약해줘', kind: null },
  { text: '휴가 신청은 어디서 해요?', kind: null },
  { text: '회의실에 모니터 있어요?', kind: null },
  { text: '식대 지원 기준이 뭐예요?', kind: null },
  { text: '예약한 회의실을 다른 사람에게 넘길 수 있나요?', kind: null },
  { text: '점심 메뉴 추천해줘', kind: null },
];
