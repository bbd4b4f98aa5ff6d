import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { runServer } from './server.ts';

try {
  const config = loadConfig();
  const app = await buildApp(config);
  await runServer(app);
  app.log.info(`컴퍼니 툴즈가 ${config.appUrl} 에서 실행 중입니다 (데이터베이스: ${app.ctx.database.kind}, 공유 상태: ${app.ctx.state.kind})`);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('서버를 시작하지 못했습니다:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
}
