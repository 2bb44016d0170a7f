import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalTimeZone } from '@clinic/contract/office-hours';
import {
  DEFAULT_PATIENT_CHANGE_CUTOFF_HOURS,
  MAX_PATIENT_CHANGE_CUTOFF_HOURS,
} from '@clinic/contract/self-service';
import { DEFAULT_WEB_DIST } from './locations';
import { DEFAULT_PRACTICE_TIME_ZONE } from './platform/time/practice-date';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... of a PostgreSQL server; undefined means the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  publicUrl: string;
  /** 'demo' fills an empty database with demo data; 'none' leaves it empty. */
  seed: 'demo' | 'none';
  nodeEnv: 'development' | 'production' | 'test';
  /** Folder of the built web app served on the same port (undefined: API only). */
  webDist: string | undefined;
  logLevel: string;
  /**
   * CAPTCHA_TEST_SOLUTIONS=1 (never in production): new captcha challenges also carry their solution, so
   * that browser tests can pass one (docs/decisions/0020-captcha.md).
   */
  captchaTestSolutions: boolean;
  /**
   * PRACTICE_TIME_ZONE: the IANA zone whose calendar date is the practice's "today" for what is network-wide
   * rather than an office's (rewards on sale, receipt dates). See platform/time/practice-date.ts.
   */
  practiceTimeZone: string;
  /**
   * PATIENT_CHANGE_CUTOFF_HOURS: how long before a visit patients may still cancel or move it online
   * (0 to 720; 24 unless configured; docs/decisions/0037).
   */
  patientChangeCutoffHours: number;
  /**
   * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (all three, or none): text messages go out through
   * Twilio's Messages API (TWILIO_API_URL, https://api.twilio.com unless set); without them they are kept in
   * the outbox (decision 0043).
   */
  twilio: TwilioConfig | undefined;
  /**
   * TRUST_PROXY=true: the app sits behind a reverse proxy or TLS terminator, so the client's address is read
   * from X-Forwarded-For (audit rows, sign-in throttling); false unless set (docs/security.md).
   */
  trustProxy: boolean;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The practice's sending number, E.164 ('+15550100'). */
  from: string;
  apiUrl: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * Every environment variable the app reads, all of them here in loadConfig (npm's own INIT_CWD aside).
 * `.env.example` at the repository root explains each; config-env-example.test.ts keeps the two in step.
 */
export const CONFIG_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'JWT_SECRET',
  'SMTP_URL',
  'PUBLIC_URL',
  'SEED',
  'LOG_LEVEL',
  'WEB_DIST',
  'TRUST_PROXY',
  'PRACTICE_TIME_ZONE',
  'PATIENT_CHANGE_CUTOFF_HOURS',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
  'TWILIO_API_URL',
  'CAPTCHA_TEST_SOLUTIONS',
] as const;
export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

/**
 * Reads every environment variable once, with safe defaults, and refuses to start on a bad value.
 * JWT_SECRET, when unset, is generated once and kept in DATA_DIR so tokens survive a restart.
 */
export function loadConfig(env: Env = process.env, defaults: Partial<Config> = {}): Config {
  const problems: string[] = [];
  const value = (name: ConfigVariable) => {
    const v = env[name]?.trim();
    return v === '' ? undefined : v;
  };

  const nodeEnvRaw = value('NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnvRaw}")`);
  }
  const nodeEnv = nodeEnvRaw as Config['nodeEnv'];

  const portRaw = value('PORT');
  let port = defaults.port ?? 8080;
  if (portRaw !== undefined) {
    port = Number(portRaw);
    if (!/^\d+$/.test(portRaw) || port < 0 || port > 65535) {
      problems.push(`PORT must be a whole number from 0 to 65535 (got "${portRaw}")`);
    }
  }

  const host = value('HOST') ?? defaults.host ?? '0.0.0.0';
  // Relative paths are taken from where the command was typed: `npm start` at the repository root runs the
  // server inside server/, and npm tells us the original folder in INIT_CWD.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, value('DATA_DIR') ?? defaults.dataDir ?? './data');

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }

  const smtpUrl = value('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/.+/.test(smtpUrl)) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  }

  const publicUrlRaw = value('PUBLIC_URL');
  if (publicUrlRaw !== undefined) {
    try {
      const u = new URL(publicUrlRaw);
      if (!['http:', 'https:'].includes(u.protocol)) throw new Error('protocol');
    } catch {
      problems.push(`PUBLIC_URL must be an http(s) URL (got "${publicUrlRaw}")`);
    }
  }
  const publicUrl = publicUrlRaw ?? `http://localhost:${port}`;

  const seedRaw = value('SEED') ?? defaults.seed ?? (nodeEnv === 'production' ? 'none' : 'demo');
  if (!['demo', 'none'].includes(seedRaw)) problems.push(`SEED must be demo or none (got "${seedRaw}")`);
  if (nodeEnv === 'production' && seedRaw === 'demo') {
    problems.push('SEED=demo is refused with NODE_ENV=production: demo accounts never exist in production');
  }

  let jwtSecret = value('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long');
  }

  const logLevel = value('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`,
    );
  }

  const captchaTestSolutions = value('CAPTCHA_TEST_SOLUTIONS') === '1';
  if (nodeEnv === 'production' && captchaTestSolutions) {
    problems.push(
      'CAPTCHA_TEST_SOLUTIONS is refused with NODE_ENV=production: it would let bots pass captchas',
    );
  }

  const trustProxyRaw = value('TRUST_PROXY') ?? 'false';
  if (!['true', 'false'].includes(trustProxyRaw)) {
    problems.push(`TRUST_PROXY must be true or false (got "${trustProxyRaw}")`);
  }

  const practiceZoneRaw = value('PRACTICE_TIME_ZONE');
  const practiceTimeZone = canonicalTimeZone(practiceZoneRaw ?? DEFAULT_PRACTICE_TIME_ZONE);
  if (practiceTimeZone === null) {
    problems.push(
      `PRACTICE_TIME_ZONE must be an IANA time zone such as America/Denver (got "${practiceZoneRaw}")`,
    );
  }

  const cutoffRaw = value('PATIENT_CHANGE_CUTOFF_HOURS');
  let patientChangeCutoffHours = defaults.patientChangeCutoffHours ?? DEFAULT_PATIENT_CHANGE_CUTOFF_HOURS;
  if (cutoffRaw !== undefined) {
    patientChangeCutoffHours = Number(cutoffRaw);
    if (!/^\d+$/.test(cutoffRaw) || patientChangeCutoffHours > MAX_PATIENT_CHANGE_CUTOFF_HOURS) {
      problems.push(
        `PATIENT_CHANGE_CUTOFF_HOURS must be a whole number of hours from 0 to ${MAX_PATIENT_CHANGE_CUTOFF_HOURS} (got "${cutoffRaw}")`,
      );
    }
  }

  const twilioParts = {
    accountSid: value('TWILIO_ACCOUNT_SID'),
    authToken: value('TWILIO_AUTH_TOKEN'),
    from: value('TWILIO_FROM'),
  };
  const twilioSet = Object.values(twilioParts).filter((v) => v !== undefined).length;
  if (twilioSet !== 0 && twilioSet !== 3) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together: set all three or none');
  }
  if (twilioParts.from !== undefined && !/^\+[1-9]\d{6,14}$/.test(twilioParts.from)) {
    problems.push(
      `TWILIO_FROM must be a phone number in E.164 form such as +15550100 (got "${twilioParts.from}")`,
    );
  }
  const twilioApiUrl = value('TWILIO_API_URL') ?? 'https://api.twilio.com';
  if (!/^https?:\/\/[^/]+/.test(twilioApiUrl)) {
    problems.push(`TWILIO_API_URL must be an http(s) URL (got "${twilioApiUrl}")`);
  }

  if (problems.length > 0) throw new ConfigError(problems);

  if (jwtSecret === undefined) jwtSecret = readOrCreateSecret(dataDir);

  const webDist = value('WEB_DIST') ?? defaults.webDist ?? DEFAULT_WEB_DIST;

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    jwtSecret,
    smtpUrl,
    publicUrl,
    seed: seedRaw as Config['seed'],
    nodeEnv,
    webDist,
    logLevel,
    captchaTestSolutions,
    practiceTimeZone: practiceTimeZone ?? DEFAULT_PRACTICE_TIME_ZONE,
    patientChangeCutoffHours,
    twilio:
      twilioSet === 3
        ? {
            accountSid: twilioParts.accountSid!,
            authToken: twilioParts.authToken!,
            from: twilioParts.from!,
            apiUrl: twilioApiUrl.replace(/\/+$/, ''),
          }
        : defaults.twilio,
    trustProxy: trustProxyRaw === 'true',
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: no secret yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
