// Korean texts (issue 33): domains-server — the custom-domain API's errors, check results and notices.
export const koDomainsServer = {
  notFound: '도메인을 찾을 수 없습니다.',
  managersOnly: '도메인은 시드 소유자 또는 관리자만 관리할 수 있습니다.',
  hostTaken: '이미 다른 시드에 연결된 도메인입니다. 그 시드에서 도메인을 제거한 뒤 다시 시도해주세요.',
  exists: '이 시드에 이미 추가한 도메인입니다. 도메인 하나는 한 가지 용도로만 쓸 수 있습니다.',
  limit: (max: number) => `시드 하나에 도메인은 ${max}개까지 추가할 수 있습니다. 쓰지 않는 도메인을 제거한 뒤 다시 시도해주세요.`,
  verifyLimited: '도메인 확인을 너무 자주 요청했습니다. 1분 뒤 다시 시도해주세요.',
  addLimited: '도메인을 너무 자주 추가했습니다. 1분 뒤 다시 시도해주세요.',
  host: {
    invalid: '도메인 이름이 올바르지 않습니다. 예: api.example.co.kr',
    tooLong: '도메인 이름은 253자 이내여야 합니다.',
    label: '도메인의 각 부분은 1~63자의 영문 소문자, 숫자, 하이픈(-)이어야 하고 하이픈으로 시작하거나 끝날 수 없습니다.',
    twoLabels: '도메인은 example.co.kr처럼 점(.)으로 나뉜 두 부분 이상이어야 합니다.',
    ip: 'IP 주소는 도메인으로 추가할 수 없습니다. 도메인 이름을 입력해주세요.',
    ownHost: '이 서비스의 주소(또는 그 하위 도메인)는 추가할 수 없습니다.',
    reserved: 'localhost, .local, .internal, .invalid, .test 같은 내부용 이름은 추가할 수 없습니다.',
    scheme: 'https:// 나 경로 없이 도메인 이름만 입력해주세요. 예: help.example.co.kr',
  },
  // Why a check failed (shown as 오류의 이유; stored in seed_domains.error).
  check: {
    ownershipMissing: '소유 확인 TXT 레코드를 찾지 못했습니다.',
    ownershipGone: '소유 확인 TXT 레코드가 없어졌습니다.',
    routingMissing: (target: string) => `CNAME 레코드가 ${target}을(를) 가리키지 않습니다.`,
    routingMissingIp: (target: string, ip: string) => `CNAME 레코드가 ${target}을(를) 가리키지 않고, A 레코드도 ${ip}가 아닙니다.`,
    dkimMissing: 'DKIM 레코드(공개 키)를 찾지 못했거나 값이 다릅니다.',
    takenElsewhere: '이 도메인은 이미 다른 시드나 다른 용도로 연결되어 있습니다.',
    dnsFailed: 'DNS 조회에 실패했습니다. 잠시 뒤 다시 확인합니다.',
  },
  notice: {
    connectedTitle: (host: string) => `도메인 ${host} 연결됨`,
    connectedBody: (host: string) => `${host}의 DNS 레코드를 확인했습니다. 이제 이 도메인을 사용할 수 있습니다.`,
    brokenTitle: (host: string) => `도메인 ${host} 오류`,
    brokenBody: (host: string, reason: string) => `${host}의 DNS 레코드 확인에 실패했습니다: ${reason} 레코드를 다시 추가하면 자동으로 연결됩니다.`,
  },
} as const;
