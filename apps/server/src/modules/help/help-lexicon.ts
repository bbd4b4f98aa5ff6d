/**
 * Words of this product for the help search (issue 33), added to the knowledge module's lexicon (which is written for
 * a shop's customer service): the suite's services and screens as customers name them. Same shape as lexicon-ko.ts:
 * [surfaces, concepts]; surfaces are matched without spaces, a leading '^' only at the start of a word.
 */
export const HELP_LEXICON: readonly (readonly [readonly string[], readonly string[]])[] = [
  [['카톡', '카카오', '카카오톡'], ['카카오']],
  [['지문', '얼굴인식', '생체인증', '페이스id', '터치id', '패스키', 'passkey'], ['패스키']],
  [['otp', '인증앱', '2단계', '이단계', '구글인증', 'authenticator', '2fa', 'mfa', '일회용코드'], ['2단계인증']],
  [['밥값', '식비', '식대', '정산', '장부', '더치페이', '엔빵', 'n빵'], ['식비']],
  [['점심', '식사', '메뉴', '도시락', '밥주문', '점심주문'], ['식사']],
  [['회의실', '미팅룸', '회의룸', '룸예약', '회의방'], ['회의실']],
  [['디비', '데이터베이스', 'database', 'postgres', 'postgresql', 'mysql', '^db'], ['데이터베이스']],
  [['챗봇', '상담봇', '채팅봇', 'chatbot', '위젯'], ['챗봇']],
  [['어드민', '관리자페이지', '관리자화면', '관리페이지', '관리화면', '백오피스'], ['어드민']],
  [['도메인', 'dns', 'cname', '네임서버', '서브도메인'], ['도메인']],
  [['초대', '팀원추가', '멤버추가', '동료추가', '직원추가', '사람추가', '같이쓰', '같이일하'], ['초대']],
  [['로그아웃', '세션', '로그인된기기', '다른기기', '접속기기', '기기목록'], ['세션']],
  [['감사로그', '접근기록', '접속기록', '활동기록', '변경기록', '열람기록'], ['기록']],
  [['휴지통', '되살리', '되살릴', '복원'], ['복원']],
  [['용량초과', '너무크', '너무커', '크기제한', '파일크기', '최대크기', '크다고', '용량이커', '용량제한'], ['파일크기']],
  [['요금제', '플랜', '사용량', '요금'], ['요금제']],
  [['api키', 'apikey', '키발급', '발급키', '키관리', '키재발급', '접근키', 'accesskey', 'x-api-key'], ['api키']],
  [['내려받', '다운받', '다운로드', 'zip', '압축파일'], ['내보내기']],
];
