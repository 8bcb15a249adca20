import {
  announcementBodySchema,
  markReadBodySchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  suppressBodySchema,
  unreadCountResponseSchema,
} from "../../../shared/api/notifications.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/notifications.ts. */
export const notificationsOperations: OperationGroup = {
  tag: "Notifications",
  operations: [
    {
      method: "GET",
      path: "/api/notification/v2",
      summary: "Notification",
      query: notificationListQuerySchema,
      response: notificationListResponseSchema,
    },
    {
      method: "POST",
      path: "/api/notification/v2/read",
      summary: "Notification read",
      body: markReadBodySchema,
      response: unreadCountResponseSchema,
    },
    {
      method: "POST",
      path: "/api/notification/suppress",
      summary: "Notification suppress",
      body: suppressBodySchema,
      response: unreadCountResponseSchema,
    },
    {
      method: "POST",
      path: "/api/notification/announcement",
      summary: "Notification announcement",
      body: announcementBodySchema,
    },
  ],
};
