/**
 * What the web app keeps in the browser (the policy's 자동 수집 장치 article), by storage, name, purpose and lifetime.
 * `source` is the file under apps/web/src (or apps/server/src for a cookie the server sets) that writes it:
 * policy.test.ts fails when a file starts using browser storage without an entry here, or an entry's file stops.
 */
export type TBrowserStorage = {
  where: 'cookie' | 'localStorage' | 'sessionStorage' | 'indexedDB';
  name: string;
  purpose: string;
  lifetime: string;
  source: string;
};

export const BROWSER_STORAGE: readonly TBrowserStorage[] = [
  {
    where: 'cookie',
    name: 'ct_dev_…',
    purpose: '로그인에 성공한 기기 확인(로그인 시도 제한에서 그 기기를 구분, HttpOnly, 로그인 요청에만 전송)',
    lifetime: '1년',
    source: 'apps/server/src/modules/auth/auth.device.ts',
  },
  {
    where: 'cookie',
    name: 'calendar_oauth',
    purpose: 'Google 캘린더 연결 요청이 이 브라우저에서 시작되었는지 확인(HttpOnly, 캘린더 연결 요청에만 전송)',
    lifetime: '10분(연결을 마치면 삭제)',
    source: 'apps/server/src/modules/calendar-sync/oauth-cookie.ts',
  },
  { where: 'cookie', name: 'sidebar_state', purpose: '콘솔 사이드바를 펼쳤는지', lifetime: '7일', source: 'apps/web/src/components/ui/sidebar.tsx' },
  {
    where: 'localStorage',
    name: '__access_token, __refresh_token',
    purpose: '로그인 상태 유지(인증 토큰)',
    lifetime: '로그아웃하거나 세션이 끝날 때까지',
    source: 'apps/web/src/lib/token-storage.ts',
  },
  {
    where: 'localStorage',
    name: 'remember_login, remember_preference',
    purpose: "'로그인 정보 기억'을 선택한 경우 이메일 주소(이 브라우저의 키로 암호화)와 그 선택",
    lifetime: '30일',
    source: 'apps/web/src/lib/remember-login.ts',
  },
  {
    where: 'indexedDB',
    name: 'suite-remember',
    purpose: "'로그인 정보 기억'의 암호화 키(브라우저 밖으로 꺼낼 수 없는 키)",
    lifetime: '선택을 해제하거나 브라우저 데이터를 지울 때까지',
    source: 'apps/web/src/lib/remember-login.ts',
  },
  {
    where: 'localStorage',
    name: 'google_oauth_user, google_signup_temp',
    purpose: 'Google 계정으로 가입·로그인하는 동안의 이메일과 이름',
    lifetime: '가입·로그인을 마칠 때까지',
    source: 'apps/web/src/features/auth/lib/google-flow.ts',
  },
  {
    where: 'sessionStorage',
    name: 'google_oauth_credential',
    purpose: 'Google 로그인 확인 정보를 다음 화면에 넘김',
    lifetime: '한 번 쓰면 삭제(탭을 닫으면 삭제)',
    source: 'apps/web/src/features/auth/lib/google-flow.ts',
  },
  {
    where: 'sessionStorage',
    name: 'oauth_flow_state',
    purpose: '카카오·네이버 로그인 요청이 이 브라우저에서 시작되었는지 확인',
    lifetime: '한 번 쓰면 삭제(탭을 닫으면 삭제)',
    source: 'apps/web/src/lib/oauth-state.ts',
  },
  {
    where: 'sessionStorage',
    name: 'oauth_provider_signup',
    purpose: '카카오·네이버 계정으로 가입하는 동안의 가입 절차 정보',
    lifetime: '가입을 마치면 삭제(탭을 닫으면 삭제)',
    source: 'apps/web/src/features/auth/lib/provider-flow.ts',
  },
  {
    where: 'sessionStorage',
    name: 'second_factor_pending',
    purpose: '2단계 인증 코드를 입력하는 동안의 로그인 절차 정보',
    lifetime: '인증을 마치면 삭제(탭을 닫으면 삭제)',
    source: 'apps/web/src/features/auth/lib/second-factor-flow.ts',
  },
  {
    where: 'localStorage',
    name: 'theme',
    purpose: '사이트의 테마(밝게, 어둡게)',
    lifetime: '설정을 바꾸거나 지울 때까지',
    source: 'apps/web/src/lib/theme.ts',
  },
  {
    where: 'localStorage',
    name: 'seeds-theme',
    purpose: '콘솔의 테마',
    lifetime: '설정을 바꾸거나 지울 때까지',
    source: 'apps/web/src/features/console/lib/console-theme.ts',
  },
  { where: 'localStorage', name: 'layout-mode', purpose: '넓은 화면 배치', lifetime: '설정을 바꾸거나 지울 때까지', source: 'apps/web/src/lib/layout-mode.ts' },
  {
    where: 'localStorage',
    name: 'selected-seed',
    purpose: '콘솔에서 마지막으로 선택한 시드(시드 ID와 이름)',
    lifetime: '다른 시드를 고르거나 로그아웃할 때까지',
    source: 'apps/web/src/lib/seed-context.tsx',
  },
  {
    where: 'localStorage',
    name: 'meal-game-seen:…',
    purpose: '식사 관리에서 그 회차의 게임을 이미 보았는지',
    lifetime: '브라우저 데이터를 지울 때까지',
    source: 'apps/web/src/features/meal/lib/game-seen.ts',
  },
  {
    where: 'localStorage',
    name: 'admin-builder:…:columns',
    purpose: '어드민 빌더 표에서 보이게 고른 열',
    lifetime: '브라우저 데이터를 지울 때까지',
    source: 'apps/web/src/features/admin-builder/pages/table-page.tsx',
  },
];
