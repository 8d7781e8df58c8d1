import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/** One year, for every subdomain: the portal's address never goes back to plain HTTP. */
export const HSTS = 'max-age=31536000; includeSubDomains';

function tileOrigin(tileUrl: string): string | null {
  try {
    return new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin;
  } catch {
    return null;
  }
}

/** API answers carry people's data and sessions: no browser or proxy may keep them. */
function isApiAnswer(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '/';
  return (pathname === '/api' || pathname.startsWith('/api/')) && !pathname.startsWith('/api/docs');
}

/**
 * The headers Helmet sets with these options, worked out once: none of them
 * depends on the request (no nonce), so every answer gets the same list
 * instead of Helmet building its policy again on each call.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]);
      return response;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers of every answer (Helmet's): a Content-Security-Policy that
 * runs no inline script, frame denial, nosniff, referrer policy; HSTS only
 * when the portal is reached over HTTPS; `Cache-Control: no-store` on API
 * answers unless the route sets its own (signed photo URLs may be kept).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const tiles = tileOrigin(config.tileUrl);
  const fixed = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Ant Design writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest, from the portal only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Sent below, only over HTTPS.
    strictTransportSecurity: false,
  });

  // HTTPS is the request's own protocol (a TLS socket, or X-Forwarded-Proto
  // from a proxy trusted with TRUST_PROXY), or the PUBLIC_URL the operator
  // gave; browsers ignore the header on plain HTTP anyway.
  const httpsPublicUrl = config.publicUrl.startsWith('https://');
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of fixed) reply.header(name, value);
    if (httpsPublicUrl || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApiAnswer(request)) reply.header('cache-control', 'no-store');
  });
}
