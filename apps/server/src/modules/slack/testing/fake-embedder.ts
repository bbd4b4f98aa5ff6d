/**
 * The fake embeddings model of the tests and the benchmark: deterministic, no model weights. A text's vector is a
 * bag of hashed Hangul character bigrams and Latin words (weight 1 each) plus one dimension per synonym group that
 * the text mentions (weight 4), so '원격' finds '재택' without a shared character. The synonym table is short and was
 * written next to the Korean test set: what this embedder retrieves shows that the plumbing works, not how well a
 * real model would do.
 */
export const FAKE_DIMENSIONS = 256;

const SYNONYMS: string[][] = [
  ['재택', '원격', '집에서', '홈오피스', '리모트', 'remote', 'wfh'],
  ['휴가', '연차', '월차', '휴무', '쉬는 날'],
  ['급여', '월급', '봉급', '임금'],
  ['주차', '차량', '자동차', '파킹'],
  ['비밀번호', '비번', '패스워드', '암호', 'password'],
  ['노트북', '랩탑', 'laptop'],
  ['배포', '릴리스', 'deploy', 'release'],
  ['회의실', '미팅룸'],
  ['식대', '점심값', '밥값', '식비'],
  ['택시', '교통비', '차비'],
  ['건강검진', '검진'],
  ['팀장', '리더', '책임자', '이끄는'],
];

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export function fakeEmbedding(text: string): number[] {
  const s = text.normalize('NFC').toLowerCase();
  const v = new Array<number>(FAKE_DIMENSIONS).fill(0);
  SYNONYMS.forEach((group, g) => {
    if (group.some((w) => s.includes(w))) v[g] = 4;
  });
  const features = new Set<string>();
  for (const run of s.match(/[\uac00-\ud7a3]+/g) ?? []) for (let i = 0; i + 1 < run.length; i++) features.add(run.slice(i, i + 2));
  for (const w of s.match(/[a-z0-9]+/g) ?? []) features.add(w);
  const free = FAKE_DIMENSIONS - SYNONYMS.length;
  for (const f of features) v[SYNONYMS.length + (fnv1a(f) % free)]! += 1;
  return v;
}
