// Fails with the install command when the browser the end-to-end tests drive is missing.
import { existsSync } from 'node:fs';

const path = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `Chromium을 찾을 수 없습니다 (${path}). 종단 간 테스트에는 Debian의 Chromium과 한글 글꼴이 필요합니다:\n` +
      '  sudo apt-get install -y chromium fonts-noto-cjk\n' +
      '다른 위치의 Chromium을 쓰려면 CHROME_PATH 환경 변수로 경로를 지정하세요.',
  );
  process.exit(1);
}
