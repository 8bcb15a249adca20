import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import type { Generator } from "../generator/generator.ts";
import { repoPath } from "../platform/paths.ts";
import type { UpgradeMethod } from "../shared/api/account.ts";
import type { GenerateEndpoint } from "../shared/api/create-support.ts";
import { CROSS_ORIGIN_ISOLATION_HEADERS } from "../shared/isolation-headers.ts";
import { artistRedirect, matchPageRoute } from "../shared/page-routes.ts";
import type { ResetMail } from "./account/password-resets.ts";
import { registerAuth } from "./auth/auth-plugin.ts";
import { registerUpstreamProxyRoutes } from "./compat/proxy-routes.ts";
import { registerScriptMediaUrls } from "./compat/script-media-urls.ts";
import { registerUpstreamSessionRoutes } from "./compat/upstream-session.ts";
import type { TrustProxy } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import type { QueueTimings } from "./generation/generation-service.ts";
import { sourcePreparer } from "./generation/reference-audio.ts";
import { answerClientError, answerFrameworkError, registerErrorAnswers } from "./http/error-answers.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerTextGuard } from "./http/text-guard.ts";
import { registerLocaleRoutes } from "./pages/locales.ts";
import { playlistPageHtml, profilePageHtml } from "./pages/page-previews.ts";
import { songPageAnswer } from "./pages/song-preview.ts";
import { registerAccountRoutes } from "./routes/account.ts";
import { registerAdminRoutes } from "./routes/admin.ts";
import { registerAlignedLyricsRoutes } from "./routes/aligned-lyrics.ts";
import { registerAnalyticsRoutes } from "./routes/analytics.ts";
import { registerApiDocsRoutes } from "./routes/api-docs.ts";
import { registerApiTokenRoutes } from "./routes/api-tokens.ts";
import { registerAuthRoutes } from "./routes/auth.ts";
import { registerAutoplayRoutes } from "./routes/autoplay.ts";
import { registerBillingRoutes } from "./routes/billing.ts";
import { registerClipActionRoutes } from "./routes/clip-actions.ts";
import { registerClipFamilyRoutes } from "./routes/clip-family.ts";
import { registerClipSettingsRoutes } from "./routes/clip-settings.ts";
import { registerClipRoutes } from "./routes/clips.ts";
import { registerCommentRoutes } from "./routes/comments.ts";
import { registerContestRoutes } from "./routes/contests.ts";
import { registerCreateSupportRoutes } from "./routes/create-support.ts";
import { registerDiscoverRoutes } from "./routes/discover.ts";
import { registerDownbeatsRoutes } from "./routes/downbeats.ts";
import { registerEditRoutes } from "./routes/edit.ts";
import { registerEditorRequestRoutes } from "./routes/editor-requests.ts";
import { registerGenerateRoutes } from "./routes/generate.ts";
import { registerHealthRoutes } from "./routes/health.ts";
import { registerHookRoutes } from "./routes/hooks.ts";
import { registerImageUploadRoutes } from "./routes/image-uploads.ts";
import { registerLegalRoutes } from "./routes/legal.ts";
import { registerLiveRadioRoutes } from "./routes/live-radio.ts";
import { registerLyricsRoutes } from "./routes/lyrics.ts";
import { registerNotificationRoutes } from "./routes/notifications.ts";
import { registerOnRepeatRoutes } from "./routes/on-repeat.ts";
import { registerPasswordResetRoutes } from "./routes/password-reset.ts";
import { registerPersonaRoutes } from "./routes/personas.ts";
import { registerPlayCountRoutes } from "./routes/play-counts.ts";
import { registerPlaybarStateRoutes } from "./routes/playbar-state.ts";
import { registerPlaylistPageRoutes } from "./routes/playlist-page.ts";
import { registerPlaylistRoutes } from "./routes/playlists.ts";
import { registerProfileAvatarRoutes } from "./routes/profile-avatar.ts";
import { registerProfilePinRoutes } from "./routes/profile-pins.ts";
import { registerProfileRoutes } from "./routes/profiles.ts";
import { registerPromptRoutes } from "./routes/prompts.ts";
import { registerRealtimeRoutes } from "./routes/realtime.ts";
import { registerSearchRoutes } from "./routes/search.ts";
import { registerShareRoutes } from "./routes/share.ts";
import { registerStudioRoutes } from "./routes/studio.ts";
import { registerStudioRenderRoutes } from "./routes/studio-render.ts";
import { registerUploadRoutes } from "./routes/uploads.ts";
import { registerVideoRoutes } from "./routes/video.ts";
import { registerVideoUploadRoutes } from "./routes/video-uploads.ts";
import { registerWorkspaceCollaborationRoutes } from "./routes/workspace-collaboration.ts";
import { registerWorkspaceRoutes } from "./routes/workspaces.ts";
import type { SeparationServerSetting } from "./separation/separation-server.ts";
import { resolveShareCode } from "./social/share-links.ts";
import { registerLeftoverSweep } from "./storage/leftover-sweep.ts";
import type { Storage } from "./storage/storage.ts";

export interface AppOptions {
  readonly database: DatabaseHandle;
  /** Where media (uploads, clip audio, images) is kept. */
  readonly storage: Storage;
  /** The built pages; omitted by the dev server, where Vite serves them. */
  readonly distDir?: string;
  /** Structured (pino) logs: true for info, or the level to log from (and a stream, for tests that read them). */
  readonly logger?: boolean | { readonly level: string; readonly stream?: { write(line: string): void } };
  /**
   * Behind reverse proxies: their count or addresses (TRUST_PROXY), whose X-Forwarded-* headers give
   * the client's address (rate limits) and protocol (Secure cookies, HSTS).
   */
  readonly trustProxy?: TrustProxy;
  /** What makes songs (built-in or an external model); without one, generation answers 503. */
  readonly generator?: Generator | null;
  /** An external stem separation server (SEPARATION_URL); our own separation when absent or failing. */
  readonly separationServer?: SeparationServerSetting;
  /** The generation call the create page uses (GENERATE_ENDPOINT); v2 when omitted. */
  readonly generateEndpoint?: GenerateEndpoint;
  /** Songs rendering at once in this process (WORKER_CONCURRENCY; 0: only `npm run worker`s render). */
  readonly workerConcurrency?: number;
  /** Job queue timings (tests shorten them). */
  readonly jobQueue?: QueueTimings;
  /** How upgrades happen (UPGRADE_METHOD): staff approve requests (the default) or people redeem codes. */
  readonly upgradeMethod?: UpgradeMethod;
  /** The operator's terms and privacy texts (DATA_DIR/legal); the shipped ones without it. */
  readonly legalDir?: string;
  /** Mail for password reset links (MAIL_TRANSPORT with PUBLIC_URL); without it, staff reset passwords. */
  readonly resetMail?: ResetMail | null;
}

/** One route of the app: its method and URL pattern (e.g. GET /api/clip/:clip_id). */
export interface RouteEntry {
  readonly method: string;
  readonly url: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered, HEAD routes (made for each GET) left out. */
    routeTable: readonly RouteEntry[];
  }
}

/** A hop count trusts that many proxies nearest the server, each hop one entry of X-Forwarded-For. */
const proxyTrust = (trust: TrustProxy) =>
  typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: proxyTrust(options.trustProxy ?? false),
    frameworkErrors: (error, request, reply) => answerFrameworkError(error, request, reply as FastifyReply),
    clientErrorHandler: answerClientError,
  });
  const db = options.database.db;
  // Before any route: the table lists them all, for the tests that walk every route.
  const routeTable: RouteEntry[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routeTable.push({ method, url: route.url });
    }
  });

  app.addHook("onSend", async (_request, reply) => {
    reply.headers(CROSS_ORIGIN_ISOLATION_HEADERS);
  });
  registerSecurityHeaders(app);
  registerTextGuard(app);

  registerErrorAnswers(app);

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  registerAuth(app, db, options.database.writeWatch);
  registerScriptMediaUrls(app, db);

  // Route modules: one line each.
  registerAuthRoutes(app, db);
  registerPasswordResetRoutes(app, db, options.resetMail ?? null);
  registerHealthRoutes(app, options.database);
  registerBillingRoutes(app, db);
  registerClipRoutes(app, { db, storage: options.storage });
  registerClipSettingsRoutes(app, db);
  registerProfilePinRoutes(app, db);
  registerContestRoutes(app, db);
  registerRealtimeRoutes(app, db);
  registerUploadRoutes(app, { db, storage: options.storage });
  registerImageUploadRoutes(app, options.storage);
  registerLeftoverSweep(app, options.storage);
  registerStudioRoutes(app, db);
  registerStudioRenderRoutes(app, {
    db,
    storage: options.storage,
    prepareSource: sourcePreparer(options.generator, options.workerConcurrency),
  });
  registerDownbeatsRoutes(app, { db, storage: options.storage });
  registerGenerateRoutes(app, {
    db,
    storage: options.storage,
    generator: options.generator,
    separationServer: options.separationServer,
    concurrency: options.workerConcurrency,
    exclusiveDatabase: options.database.backend === "pglite",
    queue: options.jobQueue,
  });
  registerEditRoutes(app, db);
  registerVideoRoutes(app, {
    db,
    storage: options.storage,
    concurrency: options.workerConcurrency,
    queue: options.jobQueue,
  });
  registerVideoUploadRoutes(app, {
    db,
    storage: options.storage,
    concurrency: options.workerConcurrency,
    queue: options.jobQueue,
  });
  registerHookRoutes(app, {
    db,
    storage: options.storage,
    concurrency: options.workerConcurrency,
    queue: options.jobQueue,
  });
  registerClipActionRoutes(app, { db, storage: options.storage });
  registerEditorRequestRoutes(app, db);
  registerPromptRoutes(app, db);
  registerPlaybarStateRoutes(app, db);
  registerOnRepeatRoutes(app, db);
  registerAutoplayRoutes(app, db);
  registerLiveRadioRoutes(app, db);
  registerPersonaRoutes(app, { db, storage: options.storage });
  registerPlaylistRoutes(app, db);
  registerPlaylistPageRoutes(app, db);
  registerWorkspaceRoutes(app, db);
  registerWorkspaceCollaborationRoutes(app, db);
  registerLyricsRoutes(app, db);
  registerPlayCountRoutes(app, db);
  registerClipFamilyRoutes(app, db);
  registerAlignedLyricsRoutes(app, db);
  registerCommentRoutes(app, db);
  registerProfileRoutes(app, { db, storage: options.storage });
  registerProfileAvatarRoutes(app, { db, storage: options.storage });
  registerShareRoutes(app, db);
  registerCreateSupportRoutes(app, { db, generateEndpoint: options.generateEndpoint });
  registerDiscoverRoutes(app, db);
  registerSearchRoutes(app, db);
  registerNotificationRoutes(app, db);
  registerAnalyticsRoutes(app, db);
  registerApiDocsRoutes(app);
  registerApiTokenRoutes(app, db);
  registerUpstreamSessionRoutes(app, db);
  registerUpstreamProxyRoutes(app);
  registerAccountRoutes(app, {
    db,
    storage: options.storage,
    upgradeMethod: options.upgradeMethod ?? "request",
  });
  registerLegalRoutes(app, db, options.legalDir);
  registerLocaleRoutes(app, repoPath("locales"));
  registerAdminRoutes(app, options.database, options.storage);

  const distDir = options.distDir;
  const pagesBuilt = distDir !== undefined && existsSync(join(distDir, "index.html"));
  if (pagesBuilt) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false });
  }

  // The page's text, for the pages the server answers with their link-preview tags.
  const shell = pagesBuilt ? readFileSync(join(distDir, "index.html"), "utf8") : "";
  const embedPath = pagesBuilt ? join(distDir, "embed", "index.html") : "";
  const embedShell = embedPath !== "" && existsSync(embedPath) ? readFileSync(embedPath, "utf8") : shell;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0];
    // A short link opens what it names (built pages or not); an unknown one is the not-found page.
    if (request.method === "GET" && path.startsWith("/s/")) {
      const match = matchPageRoute(path);
      const target =
        match?.name === "share" ? await resolveShareCode(db, match.params.code).catch(() => null) : null;
      if (target !== null) return reply.redirect(target.path, 302);
    }
    const wantsPage = request.method === "GET" && !request.url.startsWith("/api/") && pagesBuilt;
    // Every page of the app is the one HTML page; a path that is no page gets it too (it shows
    // "Page not found") but with a 404, so crawlers and link checkers see the truth.
    if (wantsPage) {
      const match = matchPageRoute(path);
      // Artist pages moved to profiles: old links keep working.
      if (match?.name === "artist" || match?.name === "artists")
        return reply.redirect(artistRedirect(match.params.path ?? ""), 301);
      const origin = `${request.protocol}://${request.host}`;
      const viewerId = request.auth?.user.id ?? null;
      // A song's page and its embed player carry the song's link-preview tags (and 404 when hidden).
      if (match?.name === "song" || match?.name === "embed") {
        const page = { shell: match.name === "song" ? shell : embedShell, origin, viewerId };
        const answer = await songPageAnswer(db, page, match.params.id);
        return reply.status(answer.status).type("text/html").send(answer.html);
      }
      // A profile's and a public playlist's pages carry theirs.
      if (match?.name === "profile")
        return reply
          .type("text/html")
          .send(await profilePageHtml(db, { shell, origin }, match.params.handle));
      if (match?.name === "playlist")
        return reply.type("text/html").send(await playlistPageHtml(db, { shell, origin }, match.params.id));
      if (match?.name === "share") return reply.status(404).type("text/html").send(shell);
      // The staff console is no page for anyone else: the page says "not found", and so does the status.
      if (match?.name === "admin" && !request.auth?.user.is_staff)
        return reply.status(404).type("text/html").sendFile("index.html");
      return reply
        .status(match !== null ? 200 : 404)
        .type("text/html")
        .sendFile("index.html");
    }
    return reply.status(404).send({ detail: `No route for ${request.method} ${request.url.split("?")[0]}` });
  });

  return app;
}
