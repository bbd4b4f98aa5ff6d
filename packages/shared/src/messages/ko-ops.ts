/** Operators' command-line texts: `npm run backup` / `npm run restore`. */
export const koOps = {
  backup: {
    usage: '사용법: npm run backup -- <파일>  |  npm run restore -- <파일> [--force]',
    done: (file: string, kind: string, bytes: number) => `${kind} 데이터베이스를 ${file} 에 백업했습니다 (${bytes.toLocaleString('ko-KR')} 바이트).`,
    restored: (file: string, kind: string) => `${file} 을(를) ${kind} 데이터베이스에 복원했습니다. 이제 서버를 시작하세요.`,
    noSource: (dir: string) => `${dir} 에 내장 데이터베이스가 없습니다. DATA_DIR 을 확인하세요.`,
    notFile: (file: string) => `${file} 파일을 읽을 수 없습니다.`,
    wrongKind: (file: string, found: string, target: string) =>
      `${file} 은(는) ${found} 백업입니다. ${target} 데이터베이스에는 복원할 수 없습니다 (DATABASE_URL 설정을 확인하세요).`,
    notEmpty: (tables: string) => `복원 대상 데이터베이스에 이미 데이터가 있습니다 (${tables}). 덮어쓰려면 --force 를 붙이세요. 먼저 서버를 모두 멈추세요.`,
    movedAside: (dir: string) => `기존 내장 데이터베이스는 ${dir} 로 옮겨 두었습니다.`,
    toolFailed: (tool: string, detail: string) => `${tool} 실행에 실패했습니다: ${detail}`,
    failed: (detail: string) => `실행하지 못했습니다: ${detail}`,
  },
} as const;
