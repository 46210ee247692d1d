import fs from 'node:fs';
import path from 'node:path';
import '@mandira/contract/messages';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { NOT_FOUND_MESSAGE } from '@mandira/contract/envelope';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { answerSerializerCompiler } from './http/answer-serializer.ts';
import { declareCommonAnswers } from './http/answers.ts';
import { API_DOCUMENT } from './http/api-document.ts';
import { registerAuthGuard } from './http/auth.ts';
import { answerClientError } from './http/client-error.ts';
import { registerCompression } from './http/compression.ts';
import { fail } from './http/envelope.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerHeavyReadLine } from './http/heavy-reads.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { DEFAULT_BODY_LIMIT, registerJsonBodyParser } from './http/json-body.ts';
import {
  answerFrameworkError,
  MAX_PARAM_LENGTH,
  malformedUrlOf,
  rewriteMalformedUrl,
} from './http/malformed-url.ts';
import { accessRoutes } from './modules/access/access.routes.ts';
import { aclRoutes } from './modules/access/acl.routes.ts';
import { authenticate, currentSession } from './modules/access/session.service.ts';
import { startSessionCache } from './modules/access/session-cache.ts';
import { accountingRoutes } from './modules/accounting/accounting.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { buyerRoutes } from './modules/buyers/buyers.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { LIVE_EVENTS_CHANNEL } from './modules/events/announce.ts';
import { liveEventKeyOf } from './modules/events/event-signature.ts';
import { liveEventRoutes } from './modules/events/events.routes.ts';
import { LiveHub } from './modules/events/live-hub.ts';
import { fleetRoutes } from './modules/fleet/fleet.routes.ts';
import { loadingRoutes } from './modules/loading/loading.routes.ts';
import { lotRoutes } from './modules/lots/lots.routes.ts';
import { milkRoutes } from './modules/milk/milk.routes.ts';
import { basketRoutes } from './modules/orders/baskets.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { pendingItemRoutes } from './modules/products/pending-item.routes.ts';
import { productItemRoutes } from './modules/products/product-item.routes.ts';
import { sellableProductRoutes } from './modules/products/sellable-product.routes.ts';
import { scanRoutes } from './modules/scan/scan.routes.ts';
import { shipmentLoadRoutes } from './modules/shipments/shipment-loads.routes.ts';
import { shipmentRoutes } from './modules/shipments/shipments.routes.ts';
import { stockRoutes } from './modules/stock/stock.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { vehiclePlanningRoutes } from './modules/vehicle-planning/vehicle-planning.routes.ts';
import { RenderPool } from './pdf/render-pool.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  logger?: boolean | object;
  /** Hooks that watch every answer, added before the routes (the tests check answers against the document). */
  watchAnswers?: (app: FastifyInstance) => void;
};

export async function buildApp({
  config,
  database,
  logger = false,
  watchAnswers,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    // The envelope's messages are the answer; Fastify's default 4xx bodies never reach a client.
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // URLs the router cannot read are answered in the envelope too (decision 96).
    rewriteUrl: rewriteMalformedUrl,
    frameworkErrors: answerFrameworkError,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // A connection that sends nothing, or its headers too slowly, is answered 408 and closed after the
    // headers timeout; the request timeout ends once a request is read, so a live stream outlives it,
    // and its pings keep the connection timeout (silence mid-answer) away (decision 148).
    ...httpTimeoutOptions(config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerErrorHandling(app);
  registerJsonBodyParser(app);

  // HSTS is sent only on answers that came over HTTPS (below): over plain HTTP it means nothing. The
  // headers are the same for every request, so helmet's middleware is built once (decision 193).
  const securityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // An API answer may carry a generated password or a customer's balance: no cache keeps it.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
  await app.register(swagger, API_DOCUMENT);
  declareCommonAnswers(app);
  watchAnswers?.(app);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The live event streams (docs/architecture.md, "Live events"): one hub per process, hearing the
  // events channel once, and re-checking its streams' sessions after the session cache forgot them.
  const hub = new LiveHub({
    heartbeatMs: config.liveHeartbeatMs,
    batchMs: config.liveBatchMs,
    maxStreamsPerUser: config.liveMaxStreamsPerUser,
    maxStreams: config.liveMaxStreams,
    maxUnackedBytes: config.liveMaxUnackedBytes,
    maxBehindMs: config.liveMaxBehindMs,
    // Called only for open streams, so after `deps` below exists; it never slides the session.
    recheck: (token) => currentSession(deps, token),
  });
  const { cache: sessions, stop: stopSessionCache } = await startSessionCache(database, (event) =>
    hub.hearAuthChanges(event),
  );
  const stopLiveEvents = await database.subscribe(LIVE_EVENTS_CHANNEL, (event, payload) =>
    hub.hearEvents(event, payload),
  );
  // The key of the events is in the database, which is migrated between building the app and its start.
  app.addHook('onReady', async () => {
    hub.useKey(await liveEventKeyOf(database.db));
  });
  // Before the server closes: an open stream would otherwise keep it from closing.
  app.addHook('preClose', async () => {
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await stopLiveEvents();
    await stopSessionCache();
  });
  const documents = new RenderPool({ workers: config.pdfWorkers, queueLimit: config.pdfQueueLimit });
  app.decorate('documents', documents);
  app.addHook('onClose', () => documents.close());
  const deps = {
    db: database.db,
    config,
    sessions,
    documents,
  };
  await app.register(
    async (api) => {
      // Before compression, so the answer it keeps for a retried write is the plain one.
      registerIdempotency(api, database.db);
      await registerCompression(api);
      registerAuthGuard(api, (token, slide) => authenticate(deps, token, slide));
      registerHeavyReadLine(api);
      await api.register(systemRoutes(config, database));
      await api.register(accessRoutes(deps));
      await api.register(aclRoutes(deps));
      await api.register(milkRoutes(deps));
      await api.register(productItemRoutes(deps));
      await api.register(pendingItemRoutes(deps));
      await api.register(sellableProductRoutes(deps));
      await api.register(stockRoutes(deps));
      await api.register(lotRoutes(deps));
      await api.register(scanRoutes(deps));
      await api.register(buyerRoutes(deps));
      await api.register(basketRoutes(deps));
      await api.register(orderRoutes(deps));
      await api.register(loadingRoutes(deps));
      await api.register(shipmentLoadRoutes(deps));
      await api.register(accountingRoutes(deps));
      await api.register(fleetRoutes(deps));
      await api.register(vehiclePlanningRoutes(deps));
      await api.register(shipmentRoutes(deps));
      await api.register(auditRoutes(deps));
      await api.register(dashboardRoutes(deps));
      await api.register(liveEventRoutes({ hub }));
    },
    { prefix: '/api' },
  );

  await serveWebApp(app, config.webDist);
  return app;
}

function httpTimeoutOptions({ httpTimeouts }: Config) {
  return {
    connectionTimeout: httpTimeouts.connectionMs,
    requestTimeout: httpTimeouts.requestMs,
    keepAliveTimeout: httpTimeouts.keepAliveMs,
    http: {
      headersTimeout: httpTimeouts.headersMs,
      // Node looks for late headers every 30 s by default: a silent connection would outlive its timeout.
      connectionsCheckingInterval: Math.min(1_000, httpTimeouts.headersMs),
    },
  };
}

/** The built web app at '/', every unknown non-API path answered with index.html (SPA routes). */
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    // wildcard: files are looked up on each request, so a rebuilt web app is served without a restart.
    // preCompressed: the build writes .br and .gz beside each file (decision 106).
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlOf(webDist, filePath)),
    });
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const malformed = malformedUrlOf(request);
    if (malformed) return reply.status(400).send(fail(malformed));
    const isApi = isApiPath(request.url);
    // A missing file (an old asset name) must not be answered with the page: the browser expects code.
    const pathname = request.url.split('?')[0]!;
    const isFile =
      /\.[a-z0-9]+$/i.test(pathname) || pathname === '/assets' || pathname.startsWith('/assets/');
    if (!isApi && !isFile && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(fail({ message: NOT_FOUND_MESSAGE, code: 'NOT_FOUND' }));
  });
}

/**
 * Files under assets/ carry a hash of their content in their name, so a browser may keep them for a
 * year without asking; everything else (index.html, which names the current assets) is checked first.
 */
function cacheControlOf(webDist: string, filePath: string): string {
  const relative = path.relative(webDist, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const HSTS = 'max-age=31536000; includeSubDomains';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function contentSecurityPolicy(config: Config) {
  const tileOrigin = originOf(config.mapTileUrl);
  return {
    directives: {
      defaultSrc: ["'self'"],
      // WebAssembly may be compiled (the camera's barcode reader, decision 157); JavaScript eval stays off.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // Mantine and the API docs set inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  };
}

function originOf(url: string): string | undefined {
  try {
    // Tile URLs carry {s} subdomain placeholders; allow the parent domain's subdomains.
    const parsed = new URL(url.replace('{s}.', 'a.').replace(/\{[a-z]\}/g, '0'));
    return url.includes('{s}.') ? `${parsed.protocol}//*.${parsed.host.slice(2)}` : parsed.origin;
  } catch {
    return undefined;
  }
}
