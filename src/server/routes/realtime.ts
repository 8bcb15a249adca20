import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { REALTIME_PATH } from "../../shared/api/realtime.ts";
import type { Database } from "../db/schema.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import { RealtimeHub } from "../realtime/hub.ts";
import { pubSubFromEnv } from "../realtime/pubsub.ts";
import { runSocketSession } from "../realtime/socket-session.ts";
import { LiveProjects } from "../studio-live/live-projects.ts";
import { LIVE_MESSAGE_MAX_BYTES, registerStudioLiveRoute } from "./studio-live.ts";

/**
 * A browser sends the session cookie with a websocket handshake from any site, and no CORS check
 * applies: a cookie-authenticated socket must come from a page of ours (browsers always send Origin
 * on websocket handshakes; other clients need not).
 */
export function fromOurPages(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * GET /api/realtime (websocket). Authenticated at the handshake by the session cookie or an
 * `Authorization: Bearer` header; no token in the URL, where logs and proxies would keep it.
 */
export function registerRealtimeRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const hub = new RealtimeHub();
  app.decorate("realtime", hub);
  app.addHook("onReady", async () => {
    hub.start(
      await pubSubFromEnv(process.env, (error) => app.log.error({ err: error }, "realtime listener failed")),
    );
  });
  const live = new LiveProjects(db, hub, app.log);
  app.decorate("studioLive", live);
  // Live projects save what they hold before the pub/sub stops.
  app.addHook("onClose", async () => {
    await live.closeAll();
    await hub.stop();
  });

  app.register(async (scope) => {
    // One websocket server for every socket route: each listens for the upgrade once.
    await scope.register(fastifyWebsocket, { options: { maxPayload: LIVE_MESSAGE_MAX_BYTES } });
    registerStudioLiveRoute(scope, live, fromOurPages);
    scope.route({
      method: "GET",
      url: REALTIME_PATH,
      preValidation: async (request) => {
        if (!request.auth) throw unauthorized();
        if (request.auth.via === "cookie" && !fromOurPages(request)) {
          throw forbidden(
            "Cross-site connection refused: connect from Tunesmith's pages or use a bearer token",
          );
        }
      },
      // A plain GET, not a websocket handshake, is told what the route wants.
      handler: async (_request, reply) =>
        reply.status(426).header("upgrade", "websocket").send({ detail: "Connect with a websocket" }),
      wsHandler: (socket, request) => {
        const auth = request.auth;
        if (!auth) return socket.close(1008, "Sign in to continue");
        runSocketSession({ socket, db, hub, user: auth.user, token: auth.token, log: request.log });
      },
    });
  });
}
