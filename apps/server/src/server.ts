import type { TApp } from './app.ts';

/**
 * Listens and closes gracefully on SIGTERM/SIGINT: stop accepting, let in-flight requests finish
 * (bounded by the shutdown timeout), then close the database and shared state.
 */
export async function runServer(app: TApp): Promise<void> {
  const { config } = app.ctx;
  await app.listen({ port: config.port, host: config.host });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, '종료 신호를 받았습니다. 진행 중인 요청을 마치고 종료합니다.');
    const timer = setTimeout(() => {
      app.log.error('종료 제한 시간을 넘겨 강제로 종료합니다.');
      process.exit(1);
    }, config.shutdownDrainMs + config.shutdownTimeoutMs);
    timer.unref();
    // First the load balancer stops sending here (plugins/drain.ts), then the listener closes and in-flight requests
    // finish; idle keep-alive connections are closed only then, when no new request can be waiting on them.
    app
      .drain(config.shutdownDrainMs)
      .then(() => {
        const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
        sweeper.unref();
        return app.close();
      })
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, '종료 중 오류');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
