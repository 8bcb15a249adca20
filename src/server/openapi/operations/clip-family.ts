import {
  childrenCountSchema,
  childrenPageSchema,
  childrenQuerySchema,
  clipFamilyQuerySchema,
  parentResponseSchema,
} from "../../../shared/api/clip-family.ts";
import type { OperationGroup } from "../operation.ts";

const both = (path: string) => [path, `${path}/`];

/** The routes of routes/clip-family.ts. */
export const clipFamilyOperations: OperationGroup = {
  tag: "Song family",
  operations: [
    {
      method: "GET",
      path: both("/api/clips/direct_children"),
      summary: "The songs made from a song, newest first (pages of 20)",
      query: childrenQuerySchema,
      response: childrenPageSchema,
    },
    {
      method: "GET",
      path: both("/api/clips/direct_children_count"),
      summary: "How many songs were made from a song",
      query: clipFamilyQuerySchema,
      response: childrenCountSchema,
    },
    {
      method: "GET",
      path: both("/api/clips/direct_children_by_user"),
      summary: "The signed-in user's songs made from a song",
      query: childrenQuerySchema,
      response: childrenPageSchema,
    },
    {
      method: "GET",
      path: both("/api/clips/user_remixes_for_clip"),
      summary: "Other people's songs made from a song",
      query: childrenQuerySchema,
      response: childrenPageSchema,
    },
    {
      method: "GET",
      path: both("/api/clips/parent"),
      summary: "The song a song was made from",
      query: clipFamilyQuerySchema,
      response: parentResponseSchema,
    },
  ],
};
