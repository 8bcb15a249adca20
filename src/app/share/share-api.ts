import { type ShareLinkBody, shareLinkResponseSchema } from "../../shared/api/share.ts";
import { apiRequest } from "../account/api-request.ts";

/** A short link for the song (the same one again for the same place and platform). */
export const makeShareLink = (body: ShareLinkBody) =>
  apiRequest("/api/share/link", shareLinkResponseSchema, { body });
