/**
 * The company's legal details, shown in the footer and the legal texts. ONE place to fill in.
 *
 * PLACEHOLDER: every value below marked `// placeholder` is a stand-in until the company registers its details.
 * When the real values are in, set `isPlaceholder` to false (the footer then stops saying the details are pending).
 */
export const company = {
  isPlaceholder: true,
  /** Trade name (상호). */
  name: '컴퍼니 툴즈', // placeholder
  serviceName: '컴퍼니 툴즈',
  /** 사업자등록번호 */
  businessNumber: '000-00-00000', // placeholder
  /** 대표자 */
  representative: '홍길동', // placeholder
  address: '서울특별시 (주소 등록 예정)', // placeholder
  email: 'support@example.com', // placeholder
  /** 개인정보 보호책임자 */
  privacyOfficer: '홍길동', // placeholder
} as const;
