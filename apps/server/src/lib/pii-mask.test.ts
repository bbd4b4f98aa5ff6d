import { describe, expect, it } from 'vitest';
import { luhnValid, maskPersonalData, maskText, normalised } from './pii-mask.ts';

const m = (t: string) => maskPersonalData(t);

describe('masking Korean personal data', () => {
  it.each([
    ['제 주민번호는 900101-1234567 입니다', '제 주민번호는 ******-******* 입니다'],
    ['주민등록번호 9001012234567요', '주민등록번호 *************요'],
    ['외국인등록번호: 851231-5123456', '외국인등록번호: ******-*******'],
    ['생년월일 포함 030229 - 4123456 이에요', '생년월일 포함 ****** - ******* 이에요'],
  ])('주민등록번호·외국인등록번호: %s', (input, expected) => {
    const r = m(input);
    expect(r.text).toBe(expected);
    expect(r.kinds).toEqual(['rrn']);
  });

  it('keeps the hyphen as typed and masks every digit of a 주민등록번호', () => {
    expect(maskText('900101-1234567')).toBe('******-*******');
    expect(maskText('9001011234567')).toBe('*************');
    expect(maskText('주민번호 030229-4123456 확인 부탁')).toBe('주민번호 ******-******* 확인 부탁');
  });

  it.each([
    ['010-1234-5678로 연락 주세요', '010-****-5678로 연락 주세요'],
    ['01012345678', '010****5678'],
    ['전화번호는 010 9876 5432 입니다', '전화번호는 010 **** 5432 입니다'],
    ['011-123-4567', '011-***-4567'],
    ['+82 10-1234-5678 로 문자 주세요', '+82 10-****-5678 로 문자 주세요'],
    ['+821012345678', '+8210****5678'],
    ['사무실 02-123-4567', '사무실 02-***-4567'],
    ['집 031-987-6543이요', '집 031-***-6543이요'],
    ['070-1234-5678 인터넷전화', '070-****-5678 인터넷전화'],
    ['제번호010.2222.3333', '제번호010.****.3333'],
  ])('전화번호: %s', (input, expected) => {
    const r = m(input);
    expect(r.text).toBe(expected);
    expect(r.kinds).toEqual(['phone']);
  });

  it.each([
    ['카드번호 4111-1111-1111-1111 결제가 안돼요', '카드번호 ****-****-****-1111 결제가 안돼요'],
    ['카드 4111 1111 1111 1111', '카드 **** **** **** 1111'],
    ['5555555555554444 로 결제했어요', '************4444 로 결제했어요'],
    ['아멕스 3782-822463-10005', '아멕스 ****-******-*0005'],
  ])('카드번호 (Luhn): %s', (input, expected) => {
    const r = m(input);
    expect(r.text).toBe(expected);
    expect(r.kinds).toEqual(['card']);
  });

  it('does not mask a 16-digit run that fails the Luhn check as a card', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(m('쿠폰 4111-1111-1111-1112 사용').kinds).not.toContain('card');
  });

  it.each([
    ['국민은행 123456-01-123456 으로 환불해 주세요', '국민은행 ******-**-**3456 으로 환불해 주세요'],
    ['환불 계좌는 신한 110-123-456789 입니다', '환불 계좌는 신한 ***-***-**6789 입니다'],
    ['카카오뱅크 3333-01-1234567 예금주 홍길동', '카카오뱅크 ****-**-***4567 예금주 홍길동'],
    ['농협 302-1234-5678-91로 입금했어요', '농협 ***-****-**78-91로 입금했어요'],
    ['우리 1002987654321 입금 확인 부탁드려요', '우리 *********4321 입금 확인 부탁드려요'],
    ['1002-123-456789 계좌로 보냈어요', '****-***-**6789 계좌로 보냈어요'],
  ])('계좌번호 near banking words: %s', (input, expected) => {
    const r = m(input);
    expect(r.text).toBe(expected);
    expect(r.kinds).toEqual(['account']);
  });

  it.each([
    ['a.kim@example.com 으로 보내주세요', 'a***@example.com 으로 보내주세요'],
    ['메일은 hong_gildong99@naver.com', '메일은 h***@naver.com'],
    ['연락처: Z@shop.co.kr', '연락처: Z***@shop.co.kr'],
  ])('이메일: %s', (input, expected) => {
    const r = m(input);
    expect(r.text).toBe(expected);
    expect(r.kinds).toEqual(['email']);
  });

  it('masks several kinds in one message and names each kind once', () => {
    const r = m('홍길동 900101-1234567, 010-1234-5678, 01099998888, hong@test.kr, 카드 4111111111111111');
    expect(r.text).toBe('홍길동 ******-*******, 010-****-5678, 010****8888, h***@test.kr, 카드 ************1111');
    expect(r.kinds.sort()).toEqual(['card', 'email', 'phone', 'rrn']);
  });

  it.each([
    '주문번호 20261126-0012 배송 어디쯤이에요?',
    '20261126-0012 주문 환불 계좌로 받을 수 있나요?',
    '주문번호 202611260012 입금 확인됐나요?',
    '배송비는 3,000원이고 5만원 이상 무료예요',
    '12000원 입금했는데 확인 부탁드려요',
    '대표번호 1588-1234 로 전화했어요',
    '송장번호 1234-5678-9012 조회가 안돼요',
    '운송장 번호 123456789012 은행 영업시간에 보냈대요',
    '2026-11-26 에 예약했어요',
    '예약번호 A-20261126-77 확인 부탁',
    '사이즈 250 에서 260으로 바꾸고 싶어요',
    '제품 모델명 SM-G991N 입니다',
    '하루 10,000,000원까지 이체 가능한가요?',
    '우리 아이 키 120cm 인데 사이즈 추천해 주세요',
    '회원번호 1234567890 인데 포인트가 안 들어왔어요',
    '생일 900101 이라 쿠폰 받을 수 있나요',
    '1234-5678 번 상품 재입고 되나요?',
    '이메일 주소를 바꾸고 싶어요',
  ])('leaves alone: %s', (input) => {
    const r = m(input);
    expect(r.text).toBe(input);
    expect(r.kinds).toEqual([]);
  });

  it('keeps text without any personal data unchanged', () => {
    const text = '택배 보통 며칠이면 와요? 주소를 잘못 적었어요 받는 주소 바꿀수 있을까요?';
    expect(maskText(text)).toBe(text);
  });

  // Review F2: shapes the first version missed (a lone space, other dashes, slashes, underscores, full-width forms).
  it.each([
    ['주민번호 900101 1234567 이요', '주민번호 ****** ******* 이요', ['rrn']],
    ['900101–1234567', '******–*******', ['rrn']],
    ['900101_1234567', '******_*******', ['rrn']],
    ['주민번호 ９００１０１-１２３４５６７', '주민번호 ******-*******', ['rrn']],
    ['주민번호 ９００１０１－１２３４５６７', '주민번호 ******－*******', ['rrn']],
    ['번호 010 - 9876 - 5432 요', '번호 010 - **** - 5432 요', ['phone']],
    ['010/1234/5678', '010/****/5678', ['phone']],
    ['010_1234_5678', '010_****_5678', ['phone']],
    ['010\u20101234\u20105678', '010\u2010****\u20105678', ['phone']],
    ['82-10-1234-5678 로 연락 주세요', '82-10-****-5678 로 연락 주세요', ['phone']],
    ['０１０－１２３４－５６７８', '０１０－****－５６７８', ['phone']],
    ['카드 4111.1111.1111.1111', '카드 ****.****.****.1111', ['card']],
    ['카드 4111/1111/1111/1111', '카드 ****/****/****/1111', ['card']],
    ['카드 4111－1111－1111－1111', '카드 ****－****－****－1111', ['card']],
    ['카드 4111 - 1111 - 1111 - 1111', '카드 **** - **** - **** - 1111', ['card']],
    ['메일 hong＠example.com 이요', '메일 h***@example.com 이요', ['email']],
    ['홍길동@naver.com 으로 주세요', '홍***@naver.com 으로 주세요', ['email']],
  ])('more shapes: %s', (input, expected, kinds) => {
    const r = m(input);
    expect(r.text).toBe(expected);
    expect(r.kinds).toEqual(kinds);
  });

  it.each([
    '주문번호 4111111111111111 배송 언제 와요?',
    '송장번호: 4111-1111-1111-1111 조회가 안돼요',
    '예약번호는 5555555555554444 입니다',
    '운송장 4111 1111 1111 1111',
    '접수번호 4111111111111111',
  ])('an order, invoice or booking number is not a card even when Luhn-valid: %s', (input) => {
    const r = m(input);
    expect(r.text).toBe(input);
    expect(r.kinds).toEqual([]);
  });

  it.each([
    '2026-11-28 에 주문했어요',
    '2026.11.28 14:30 도착 예정',
    '2026/11/28 오후 2시에 방문할게요',
    '영업시간 09:00-18:00 맞나요?',
    '배송비 포함 35,000원 이에요',
    '1,234,567원 결제했어요',
    '주문번호 2026112800123 확인해 주세요',
    '주문 20261128-000123 취소할게요',
    '11/28 10:30 ~ 12:00 예약 가능해요?',
    '수량 3개, 사이즈 270 주세요',
    '키 120㎝ 몸무게 25㎏ 이에요',
  ])('still leaves alone: %s', (input) => {
    const r = m(input);
    expect(r.text).toBe(input);
    expect(r.kinds).toEqual([]);
  });

  it('is idempotent (a masked text stays as it is)', () => {
    const once = maskText('010-1234-5678 hong@test.kr 900101-1234567 국민 123456-01-123456 4111111111111111 ９００１０１ １２３４５６７ 홍길동＠naver.com');
    expect(maskText(once)).toBe(once);
  });

  it('ASCII and every Hangul syllable are their own form: the quick path normalises as a character-by-character NFKC would', () => {
    // The per-character form as it was: outside the BMP kept, else the one-character NFKC form, dashes as '-'.
    const slow = (ch: string) => {
      if (ch.length > 1) return ch;
      const n = ch.normalize('NFKC');
      return /[\u2010-\u2015\u2212]/.test(n) ? '-' : n.length === 1 ? n : ch;
    };
    let plain = '';
    for (let c = 0; c < 0x80; c++) plain += String.fromCharCode(c);
    for (let c = 0xac00; c <= 0xd7a3; c++) plain += String.fromCharCode(c);
    expect([...plain].every((ch) => slow(ch) === ch)).toBe(true);
    expect(normalised(plain)).toBe(plain);
    // Mixed with characters that do change, each position as the slow form gives it.
    const mixed = `가－나 ０１０—１２３４ ｈｏｎｇ＠ｎａｖｅｒ.com ㈜ 𝟏 ${plain.slice(0x60, 0x90)}`;
    expect(normalised(mixed)).toBe([...mixed].map(slow).join(''));
    expect(normalised(mixed).length).toBe(mixed.length);
  });
});
