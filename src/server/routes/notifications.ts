import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  announcementBodySchema,
  markReadBodySchema,
  type NotificationListResponse,
  notificationListQuerySchema,
  suppressBodySchema,
  type UnreadCountResponse,
} from "../../shared/api/notifications.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { forbidden } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { listNotifications, markRead, suppress } from "../notifications/notification-store.ts";
import { raiseAnnouncement, raiseContext } from "../notifications/raise.ts";

/** The signed-in user's notifications: each user reads, marks and dismisses only their own. */
export function registerNotificationRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get("/api/notification/v2", async (request): Promise<NotificationListResponse> => {
    const user = requireUser(request);
    const query = parseInput(notificationListQuerySchema, request.query, "query");
    return listNotifications(db, user.id, query);
  });

  app.post("/api/notification/v2/read", async (request): Promise<UnreadCountResponse> => {
    const user = requireUser(request);
    const body = parseInput(markReadBodySchema, request.body);
    return { unread_count: await markRead(db, user.id, body) };
  });

  app.post("/api/notification/suppress", async (request): Promise<UnreadCountResponse> => {
    const user = requireUser(request);
    const { ids } = parseInput(suppressBodySchema, request.body);
    return { unread_count: await suppress(db, user.id, ids) };
  });

  app.post("/api/notification/announcement", async (request) => {
    const user = requireUser(request);
    if (!user.is_staff) throw forbidden("Only staff can send announcements");
    const body = parseInput(announcementBodySchema, request.body);
    const recipients = await raiseAnnouncement(raiseContext(db, request), {
      staffId: user.id,
      message: body.message,
      userIds: body.user_ids,
    });
    return { recipients };
  });
}
