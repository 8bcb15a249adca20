import type { ApiTokenScope } from "../../shared/api/api-tokens.ts";

const READING_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Routes that read with a POST (a filter or a search in the body) and change nothing: a read token
 * may call them. Every other POST, PUT, PATCH or DELETE writes.
 */
const READING_POSTS = new Set([
  "/api/feed/v3",
  "/api/feed/v3/offset",
  "/api/search/",
  "/api/discover/",
  "/api/social/following-feed/",
  "/api/clips/autoplay/",
  "/api/tags/recommend",
]);

/** Whether a token of this scope may make this request (method and the route's URL pattern). */
export function scopeAllows(scope: ApiTokenScope, method: string, routeUrl: string | undefined): boolean {
  if (scope === "write") return true;
  if (READING_METHODS.has(method)) return true;
  return method === "POST" && routeUrl !== undefined && READING_POSTS.has(routeUrl);
}
