/** Status labels and counter labels of the service catalogue (catalogue.ts). Small: the home page loads it. */
export const koCatalogue = {
  status: { active: '운영 중', beta: '베타', development: '개발 중', planned: '개발 예정' },
  /** Home page counters, one per status that has at least one service. */
  counts: { active: '운영 중인 서비스', beta: '베타 테스트 중', development: '개발 중', planned: '개발 예정' },
} as const;
