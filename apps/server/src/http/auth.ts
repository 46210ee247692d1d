import { type Access, ANY_ROLE, type PrivilegeKey, SUPER_ADMIN_ROLE } from '@mandira/contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** The signed-in user acting in a request; services take it to record who did what. */
export type Actor = {
  userId: number;
  userName: string;
  roles: string[];
  privileges: ReadonlySet<PrivilegeKey>;
  isSuperAdmin: boolean;
};

/**
 * Who acts when no user does: the start-up (built-in roles, the super user), demo seeding and ERP sync runs
 * outside a request. Its user id 0 records no `created_by`.
 */
export const SYSTEM_ACTOR: Actor = {
  userId: 0,
  userName: 'sistem',
  roles: [SUPER_ADMIN_ROLE],
  privileges: new Set(),
  isSuperAdmin: true,
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call a route: a privilege, several (any one of them opens it — a reference list read
     * by several screens), any signed-in user, or 'PUBLIC'. Required on every API route.
     */
    access?: Access | readonly Access[] | 'PUBLIC';
    /**
     * false: the request does not count as the user's activity, so its session's idle expiry is not
     * pushed forward (the live event stream, which a tab left open would otherwise keep alive).
     */
    slidesSession?: false;
  }
  interface FastifyRequest {
    actor?: Actor;
  }
}

/** `slide`: push the session's idle expiry forward, as a request of the user does. */
export type Authenticate = (token: string, slide?: boolean) => Promise<Actor | undefined>;

export const AUTH_HEADER = 'auth-token';

export function hasAccess(actor: Actor, access: Access | readonly Access[]): boolean {
  if (typeof access !== 'string') return access.some((one) => hasAccess(actor, one));
  return access === ANY_ROLE || actor.isSuperAdmin || actor.privileges.has(access);
}

/** Gates every route by its declared access; a route that declares none is refused, never open. */
export function registerAuthGuard(app: FastifyInstance, authenticate: Authenticate): void {
  // Fail at start, not in production: a route that forgot to declare its access never goes live.
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (!access && route.method !== 'HEAD') {
      throw new Error(`${route.method} ${route.url}: config.access is required on every API route`);
    }
  });
  // onRequest runs before the body is read: a caller without a valid token costs no parsing (issue 16).
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === 'PUBLIC') return;
    if (!access) {
      // Unknown paths carry no route; the not-found handler answers them.
      if (!request.routeOptions.url) return;
      throw new AppError('FORBIDDEN', 'Bu işlem için yetkiniz yok.');
    }
    const actor = await authenticateRequest(request, authenticate);
    if (!hasAccess(actor, access)) throw new AppError('FORBIDDEN', 'Bu işlem için yetkiniz yok.');
    request.actor = actor;
  });
}

async function authenticateRequest(request: FastifyRequest, authenticate: Authenticate): Promise<Actor> {
  const header = request.headers[AUTH_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  const slide = request.routeOptions.config?.slidesSession !== false;
  const actor = token && token !== 'nope' ? await authenticate(token, slide) : undefined;
  if (!actor)
    throw new AppError(
      'UNAUTHENTICATED',
      'Oturumunuz bulunamadı veya süresi doldu. Lütfen tekrar giriş yapın.',
    );
  return actor;
}

/** The actor of a route that declared an access other than 'PUBLIC'. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Oturum bulunamadı.');
  return request.actor;
}
