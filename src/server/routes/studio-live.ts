import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { projectIdParamsSchema, VERSION_LOCKED } from "../../shared/api/studio.ts";
import {
  LIVE_CLOSE_LOCKED,
  LIVE_CLOSE_NOT_MEMBER,
  MALFORMED_LIVE_MESSAGE,
  NOT_A_LIVE_MEMBER,
  refusedMessage,
} from "../../shared/collab/live-messages.ts";
import type { User } from "../db/schema.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import type { LivePeer } from "../studio-live/live-project.ts";
import type { LiveProjects } from "../studio-live/live-projects.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Live editing of studio projects; the workspaces module sets who may edit (setMembers). */
    studioLive: LiveProjects;
  }
}

/** The largest live message: a whole project's doc, as a reconnecting page may send it. */
export const LIVE_MESSAGE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * GET /api/studio/project/:project_id/live (websocket): live editing of one studio project with
 * y-protocols sync and awareness messages. Registered in the realtime routes' scope, which owns the
 * websocket upgrade; authenticated the same way (cookie from our pages, or a bearer token).
 */
export function registerStudioLiveRoute(
  scope: FastifyInstance,
  live: LiveProjects,
  fromOurPages: (request: FastifyRequest) => boolean,
): void {
  scope.route({
    method: "GET",
    url: "/api/studio/project/:project_id/live",
    preValidation: async (request) => {
      if (!request.auth) throw unauthorized();
      if (request.auth.via === "cookie" && !fromOurPages(request)) {
        throw forbidden(
          "Cross-site connection refused: connect from Tunesmith's pages or use a bearer token",
        );
      }
      const { project_id } = parseInput(projectIdParamsSchema, request.params, "path");
      await live.admit(project_id, request.auth.user.id);
    },
    handler: async (_request, reply) =>
      reply.status(426).header("upgrade", "websocket").send({ detail: "Connect with a websocket" }),
    wsHandler: (socket, request) => {
      const auth = request.auth;
      if (!auth) return socket.close(1008, "Sign in to continue");
      const { project_id } = parseInput(projectIdParamsSchema, request.params, "path");
      runLiveSocket({ socket, live, projectId: project_id, user: auth.user, log: request.log });
    },
  });
}

const bytesOf = (data: Buffer | ArrayBuffer | Buffer[]): Uint8Array =>
  Array.isArray(data) ? new Uint8Array(Buffer.concat(data)) : new Uint8Array(data);

/** One socket on a live project: its messages handled in order, its presence gone when it closes. */
function runLiveSocket(options: {
  socket: WebSocket;
  live: LiveProjects;
  projectId: string;
  user: User;
  log: FastifyBaseLogger;
}): void {
  const { socket, live, projectId, user, log } = options;
  const peer: LivePeer = {
    userId: user.id,
    handle: user.handle,
    send: (message) => {
      if (socket.readyState === socket.OPEN) socket.send(message);
    },
  };
  const lockOut = () => {
    peer.send(refusedMessage(VERSION_LOCKED));
    socket.close(LIVE_CLOSE_LOCKED, "Project locked");
  };
  const joined = live.connect(projectId, peer, lockOut);
  let queue: Promise<unknown> = joined;
  joined.catch((error) => {
    log.error({ err: error }, "live project could not be opened");
    socket.close(1011, "The project could not be opened");
  });
  socket.on("message", (data, isBinary) => {
    queue = queue
      .then(async () => {
        const entry = await joined;
        if (!isBinary) return peer.send(refusedMessage(MALFORMED_LIVE_MESSAGE));
        const result = await entry.project.receive(peer, bytesOf(data));
        if (result === "not-member") socket.close(LIVE_CLOSE_NOT_MEMBER, NOT_A_LIVE_MEMBER);
      })
      .catch((error) => log.error({ err: error }, "live message failed"));
  });
  socket.on("close", () => {
    queue = queue.then(async () => live.disconnect(await joined, peer, lockOut)).catch(() => {});
  });
}
