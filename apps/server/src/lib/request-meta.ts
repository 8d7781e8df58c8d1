import type { FastifyRequest } from 'fastify';

/** Where a call comes from: its address (counted by the sign-in limits) and browser (a session keeps both). */
export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
}

/** A route's caller's address and browser, for a service (services never see the request). */
export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
