/** Legal details (operator and privacy officer) a production-mode test must set (the server refuses to start in production without them). */
export const COMPANY_ENV = {
  COMPANY_NAME: '주식회사 테스트',
  COMPANY_REPRESENTATIVE: '김대표',
  COMPANY_BUSINESS_NUMBER: '123-45-67890',
  COMPANY_MAIL_ORDER_NUMBER: '제2026-서울강남-0001호',
  COMPANY_ADDRESS: '서울특별시 강남구 테헤란로 1',
  COMPANY_EMAIL: 'help@tools.example.com',
  COMPANY_PHONE: '02-123-4567',
  PRIVACY_OFFICER_NAME: '이보호',
  PRIVACY_OFFICER_EMAIL: 'privacy@tools.example.com',
};
