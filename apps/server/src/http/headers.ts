import type { FastifyInstance } from 'fastify';

/** Headers every answer carries: no type sniffing, no referrer to other sites, never inside a frame. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    done(null, payload);
  });
}

/**
 * The web app's Content-Security-Policy: scripts only from this origin (no inline script, no eval), connections
 * to this origin and the configured service lines (HTTP and WebSocket), no frames around it. Styles may be inline:
 * antd-mobile positions popups and animations with style attributes.
 */
export function webAppPolicy(lines: readonly { http: string; ws: string }[]): string {
  const origins = new Set<string>();
  for (const line of lines) {
    for (const url of [line.http, line.ws]) {
      if (!url) continue;
      try {
        origins.add(new URL(url).origin);
      } catch {
        // A line that is not a URL cannot be connected to: nothing to allow.
      }
    }
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...origins].join(' ')}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Adds the web app's policy to the pages a scope serves. */
export function installWebAppPolicy(scope: FastifyInstance, lines: readonly { http: string; ws: string }[]): void {
  const policy = webAppPolicy(lines);
  scope.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.header('content-security-policy', policy);
    done(null, payload);
  });
}
