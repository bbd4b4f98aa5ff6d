// API builder live changes (issue 36, decision 091): the change stream's refusals and the console's section.

export const koApiBuilderLive = {
  server: {
    needsTriggers: '실시간 변경은 변경 트리거를 설치한 API에서만 받을 수 있습니다. 콘솔의 API 설정에서 변경 트리거를 설치해주세요.',
    needsTriggersHint: '다른 프로그램이 바꾼 행까지 알리려면 PostgreSQL의 트리거가 필요합니다.',
    tooManyStreams: (max: number) => `이 API 키로 한 번에 열 수 있는 실시간 변경 스트림은 ${max}개까지입니다. 쓰지 않는 스트림을 닫아주세요.`,
    keyRevoked: 'API 키가 폐기되었거나 범위가 바뀌어 스트림을 닫습니다.',
    tableGone: '이 테이블이 더 이상 공개되지 않아 스트림을 닫습니다.',
    tokenExpired: '토큰이 만료되어 스트림을 닫습니다. 새 토큰으로 다시 연결해주세요.',
  },
  ui: {
    title: '실시간 변경 (SSE)',
    intro: '테이블의 행이 추가·수정·삭제되면 서버 전송 이벤트(SSE)로 바로 알려드립니다. 우리 API를 거치지 않고 다른 프로그램이 바꾼 행도 포함됩니다.',
    postgres: 'PostgreSQL은 변경 트리거를 설치한 API에서 쓸 수 있고, 이벤트마다 작업 종류(insert·update·delete)와 기본 키가 옵니다.',
    mysql: 'MariaDB·MySQL은 1초마다 테이블의 변경 시각을 확인해, 테이블 단위로 변경(change)만 알립니다. 이벤트를 받으면 다시 조회해주세요.',
    urlLabel: '스트림 주소',
    curlLabel: 'curl 예시',
    reconnect:
      '연결이 끊기면 Last-Event-ID 헤더로 다시 연결하세요. 놓친 변경을 이어 받거나, 너무 오래 끊겼으면 refetch 이벤트로 전체를 다시 조회하라고 알려드립니다.',
  },
};
