import type http from 'node:http';
import net from 'node:net';

/**
 * The close of a process that may stand behind a proxy keeping connections
 * alive to it (docs/deploy/README.md): nothing the proxy sends is lost.
 *
 * Node's own `server.close()` also drops the connections that are idle at
 * that moment. A proxy may be writing a call on one of them just then: the
 * call is lost, and a proxy does not send a POST again once it has written
 * it. So the process drains instead:
 *
 * - `stopListening()`: no new connection is taken (the proxy's next connect
 *   is refused and goes to another process, which is safe for any call,
 *   since nothing was sent);
 * - a call still arriving on a kept connection is answered as usual, with
 *   `Connection: close` (app.ts), so the proxy drops that connection after it;
 * - an idle connection is left for the proxy to close (its keep-alive
 *   timeout, shorter than the grace);
 * - after `graceMs`, whatever is still open is closed and the close ends.
 *
 * The returned `close` replaces the server's own (Fastify calls it on
 * `app.close()`); `closeIdleNow` is for an interactive stop (Ctrl-C), where
 * no proxy waits and nothing should linger.
 */
export function drainingClose(server: http.Server, graceMs: number) {
  let closed: Promise<void> | null = null;
  const stopListening = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      const grace = setTimeout(() => server.closeAllConnections(), graceMs);
      grace.unref();
      // net.Server's close: stops listening and calls back once every connection has ended.
      net.Server.prototype.close.call(server, () => {
        clearTimeout(grace);
        resolve();
      });
    });
    return closed;
  };
  server.close = function close(callback?: (err?: Error) => void) {
    if (!server.listening && !closed) {
      // Never listened (calls injected in tests): nothing to wait for.
      callback?.();
      return server;
    }
    void stopListening().then(() => callback?.());
    return server;
  };
  return {
    stopListening,
    closeIdleNow: () => server.closeIdleConnections(),
  };
}
