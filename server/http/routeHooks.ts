import type { FastifyInstance, RouteOptions } from 'fastify';

const HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onTimeout',
  'onError',
] as const;

/**
 * Gives every route hook arrays of its own. Routes share arrays such as `adminOnly` (admin/http.ts)
 * and Fastify copies a route's options shallowly, while @fastify/rate-limit pushes its hook onto
 * the route's `onRequest` array: without the copy every admin route added one more rate-limit
 * hook to the shared array, and each admin request counted once per admin route (and the next
 * app built in the same process inherited them). Registered before any plugin adds a route hook.
 */
export function ownRouteHookArrays(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const hooks = route as unknown as Record<string, unknown>;
    for (const name of HOOKS) {
      const value = hooks[name];
      if (Array.isArray(value)) hooks[name] = [...value];
    }
  });
}
