import { existsSync } from 'node:fs';
import path from 'node:path';
import { SIGNED_IN_COOKIE } from '@clinic/contract/constants';
import { RENDERED_PAGES_FOLDER } from '@clinic/contract/rendered-pages';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swaggerUi from '@fastify/swagger-ui';
import { registerAjvFormats, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from './app-context';
import type { Config } from './config';
import type { Database, Listen } from './db/database';
import { registerAppointmentMessages } from './modules/appointments/appointment-messages';
import { appointmentRoutes } from './modules/appointments/appointments.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { registerAuthorizationNotices } from './modules/authorizations/authorization-notices';
import { authorizationRoutes } from './modules/authorizations/authorizations.routes';
import { diagnosisCombinerRoutes } from './modules/authorizations/diagnosis-combiner.routes';
import { captchaRoutes } from './modules/captcha/captcha.routes';
import { clockRoutes } from './modules/clock/clock.routes';
import { contentRoutes } from './modules/content/content.routes';
import { doctorRoutes } from './modules/doctors/doctors.routes';
import { imageRoutes } from './modules/images/images.routes';
import { registerOrphanedImageSweeper } from './modules/images/orphaned-images';
import { insuranceRoutes } from './modules/insurance/insurance.routes';
import { insurancePatientRoutes } from './modules/insurance-patients/insurance-patients.routes';
import { inventoryRoutes } from './modules/inventory/inventory.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { officeRoutes } from './modules/offices/offices.routes';
import { patientRegistrationRoutes } from './modules/patient-registration/patient-registration.routes';
import { patientRoutes } from './modules/patients/patients.routes';
import { patientPermissionRoutes } from './modules/permissions/patient-permissions.routes';
import { pointsBankRoutes } from './modules/points/points-bank.routes';
import { receiptRoutes } from './modules/points/receipts.routes';
import { procedureRoutes } from './modules/procedures/procedures.routes';
import { promotionRoutes } from './modules/promotions/promotions.routes';
import { ratingRoutes } from './modules/ratings/ratings.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { systemRoutes } from './modules/system/system.routes';
import { timesheetRoutes } from './modules/timesheets/timesheets.routes';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { registerWaitlistOfferMessages } from './modules/waitlist/waitlist-offer-messages';
import { registerWaitlistSweeper } from './modules/waitlist/waitlist-offers';
import { registerAccessControl } from './platform/access';
import { registerAuditHook } from './platform/audit';
import { registerAuditSealer } from './platform/audit-chain';
import { DEFAULT_THROTTLE, LoginThrottle } from './platform/auth/login-throttle';
import { SESSION_CHANNEL, SessionCache } from './platform/auth/session-cache';
import { TokenService } from './platform/auth/tokens';
import { registerErrorHandler } from './platform/error-handler';
import { createImageStore } from './platform/images';
import { JobRunner } from './platform/jobs';
import { registerKeptAnswers } from './platform/kept-answers';
import { lazySerializers } from './platform/lazy-serializers';
import { registerListBounds } from './platform/list-bounds';
import { loggerOptions } from './platform/logger';
import { Mailer } from './platform/mail';
import { registerOpenApi } from './platform/openapi';
import { sharedLimitStore } from './platform/rate-limit';
import { renderedPages } from './platform/rendered-pages';
import {
  notModified,
  registerCompression,
  registerPrivateAnswers,
  registerPublicCaching,
} from './platform/response-caching';
import { registerSecurityHeaders } from './platform/security-headers';
import { SmsSender } from './platform/sms';
import { MAX_PARAM_LENGTH, registerTextGuard, routableUrl } from './platform/text-guard';
import { validatorCompiler } from './platform/validator';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Called when the app closes (graceful shutdown), after in-flight requests have finished. */
  onClose?: () => Promise<void>;
  /** The clock of time-based rules (sign-in throttling); tests move it instead of waiting. */
  now?: () => Date;
  /**
   * The database's LISTEN: with it, checked sessions are remembered and forgotten when the database
   * announces a change (platform/auth/session-cache.ts); without it, every request reads its session.
   */
  listen?: Listen;
}

/** 1 MB is far above any JSON form of the product; images travel as multipart with their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp({
  config,
  db,
  onClose,
  now,
  listen,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // A path that does not decode reaches its route, which refuses it and records the call (text-guard.ts).
    rewriteUrl: routableUrl,
    schemaController: {
      compilersFactory: { buildSerializer: lazySerializers({ eager: config.nodeEnv === 'test' }) },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerAjvFormats();
  app.setValidatorCompiler(validatorCompiler);

  const ctx: AppContext = {
    config,
    db,
    tokens: new TokenService(config.jwtSecret),
    loginThrottle: new LoginThrottle(db, DEFAULT_THROTTLE, now),
    mailer: new Mailer({ db, smtpUrl: config.smtpUrl, log: app.log }),
    sms: new SmsSender({ db, twilio: config.twilio, log: app.log }),
    ...(listen ? { listen } : {}),
    ...(now ? { now } : {}),
    sessions: new SessionCache({
      ...(listen ? { listen } : {}),
      notify: async (payload) => {
        await sql`select pg_notify(${SESSION_CHANNEL}, ${payload})`.execute(db);
      },
    }),
  };
  await ctx.sessions.start();
  app.decorate('sessionCache', ctx.sessions);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        // Office pages embed a map of the address (spec §2); nothing else is framed.
        'frame-src': ['https://www.google.com', 'https://maps.google.com'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie, { secret: config.jwtSecret });
  // The per-address limits count in the database, shared by every instance (docs/decisions/0056).
  await app.register(rateLimit, { global: false, store: sharedLimitStore(db, now) });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 10 } });

  await registerOpenApi(app, config);
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandler(app);
  registerTextGuard(app);
  registerListBounds(app, { strict: config.nodeEnv !== 'production' });
  registerPublicCaching(app);
  registerKeptAnswers(app, db);
  registerPrivateAnswers(app);
  registerAccessControl(app, db, ctx.tokens, ctx.sessions);
  registerAuditHook(app, db, { strictWrites: config.nodeEnv !== 'production' });
  await registerAuditSealer(app, db);
  registerWaitlistSweeper(app, db);
  registerJobRunner(app, ctx, now);
  registerOrphanedImageSweeper(app, db, createImageStore(config));
  // Last of the hooks that read answers (the audit reads a list's patients off it): it compresses what they saw.
  await registerCompression(app);

  await app.register(systemRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(patientRoutes, { ctx });
  await app.register(patientRegistrationRoutes, { ctx });
  await app.register(captchaRoutes, { ctx });
  await app.register(mailRoutes, { ctx });
  await app.register(patientPermissionRoutes, { ctx });
  await app.register(pointsBankRoutes, { ctx });
  await app.register(doctorRoutes, { ctx });
  await app.register(clockRoutes, { ctx });
  await app.register(insuranceRoutes, { ctx });
  await app.register(procedureRoutes, { ctx });
  await app.register(appointmentRoutes, { ctx });
  await app.register(insurancePatientRoutes, { ctx });
  await app.register(authorizationRoutes, { ctx });
  await app.register(diagnosisCombinerRoutes, { ctx });
  await app.register(receiptRoutes, { ctx });
  await app.register(ratingRoutes, { ctx });
  await app.register(inventoryRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(imageRoutes, { ctx });
  await app.register(officeRoutes, { ctx });
  await app.register(promotionRoutes, { ctx });
  await app.register(contentRoutes, { ctx });
  await app.register(waitlistRoutes, { ctx });
  await app.register(timesheetRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(messageRoutes, { ctx });
  await app.register(smsRoutes, { ctx });

  await registerWebApp(app, config.webDist);

  // Graceful close: answers still in flight tell their client to drop the connection, so that keep-alive
  // sockets do not hold the server open after the last request has finished.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // The session cache stops listening before the database closes.
  app.addHook('onClose', async () => {
    await ctx.sessions.close();
    await onClose?.();
  });
  return app;
}

/** A path that may have a prerendered page (web/build/prerender.ts): lower-case words, no dots. */
const PAGE_PATH = /^(\/[a-z0-9-]+)+$/;

/**
 * Serves the built web app from the same port. Unknown /api paths answer a JSON 404; any other unknown
 * GET gets its page rendered with its data (platform/rendered-pages.ts), or its prerendered page
 * (pages/office.html for /office), or else the app's empty shell (spa.html;
 * index.html in a build without it) so that deep links (/login/patient) work. index.html itself holds the
 * prerendered home page and is sent for '/'.
 */
async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      // The build writes .br and .gz beside each text file (web/build/precompress.ts): sent when accepted.
      preCompressed: true,
      // Looked up per request, so a rebuilt web app is served without restarting the server.
      wildcard: true,
      // The build's folder for the server (its render module and templates) is not the browser's.
      allowedPath: (pathName) => !pathName.startsWith(`/${RENDERED_PAGES_FOLDER}/`),
      // '/' has a route of its own below, which picks the page for the browser.
      index: false,
      maxAge: '1h',
      setHeaders(reply, filePath) {
        // Vite's hashed assets never change; index.html always must be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (/\.html(\.br|\.gz)?$/.test(filePath)) {
          // Its compressed copies too: a page kept for an hour would name a deploy's deleted scripts.
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }
  const pages = hasWeb && webDist ? renderedPages(app, webDist) : undefined;

  /** The page for `url`, as this browser should first see it. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, url: string) {
    // Which page a browser gets depends on whether it says it is signed in.
    reply.header('vary', 'Cookie');
    const hasShell = webDist !== undefined && existsSync(path.join(webDist, 'spa.html'));
    // Prerendered pages show what a signed-out visitor sees: a signed-in browser gets the app's shell, which
    // renders the page as that user sees it at once (docs/decisions/0050).
    if (request.cookies[SIGNED_IN_COOKIE] === '1' && hasShell) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('spa.html');
    }
    // A page the server renders with its data (the office list with its offices), when it can.
    const rendered = PAGE_PATH.test(url) ? await pages?.render(url) : undefined;
    if (rendered) {
      reply.header('cache-control', 'no-cache').header('etag', rendered.etag);
      if (notModified(request, rendered.etag)) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(rendered.html);
    }
    // '/' is the prerendered index.html.
    const page = PAGE_PATH.test(url) ? `pages${url}.html` : undefined;
    const hasPage = page !== undefined && webDist !== undefined && existsSync(path.join(webDist, page));
    const shell = hasPage ? page : hasShell && url !== '/' ? 'spa.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile(shell);
  }

  // '/' is a page like the others (the static files' index is off: it would send index.html to everyone).
  if (hasWeb) app.get('/', async (request, reply) => sendPage(request, reply, '/'));
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (url.startsWith('/api/') || url === '/api' || !wantsPage || !hasWeb) {
      return reply.code(404).send({ error: 'not_found', message: `No such path: ${request.method} ${url}` });
    }
    if (path.extname(url) && !url.endsWith('.html')) {
      return reply.code(404).send({ error: 'not_found', message: `No such file: ${url}` });
    }
    return sendPage(request, reply, url);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs of this instance (tests run the due ones with runDue()). */
    jobs: JobRunner;
  }
}

/**
 * The job queue's runner (issue 16) with every kind of job registered. It looks for due work every few
 * seconds on each instance, except under tests, which run due jobs themselves (app.jobs.runDue()).
 */
function registerJobRunner(app: FastifyInstance, ctx: AppContext, now: (() => Date) | undefined) {
  const clock = now ?? (() => new Date());
  const jobs = new JobRunner({ db: ctx.db, log: app.log, now: clock });
  registerAppointmentMessages(jobs, ctx, clock);
  registerAuthorizationNotices(jobs, ctx, clock);
  registerWaitlistOfferMessages(jobs, ctx, clock);
  app.decorate('jobs', jobs);
  if (ctx.config.nodeEnv !== 'test') app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
}
