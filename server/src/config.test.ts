import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'clinic-config-'));

describe('configuration', () => {
  it('has safe defaults and generates a JWT secret once into DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      seed: 'demo',
      nodeEnv: 'development',
      practiceTimeZone: 'America/New_York',
      trustProxy: false,
    });
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SEED: 'lots' }, 'SEED'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', SEED: 'demo' }, 'SEED=demo'],
    [{ PRACTICE_TIME_ZONE: 'Mars/Olympus' }, 'PRACTICE_TIME_ZONE'],
    [{ PATIENT_CHANGE_CUTOFF_HOURS: '-1' }, 'PATIENT_CHANGE_CUTOFF_HOURS'],
    [{ PATIENT_CHANGE_CUTOFF_HOURS: '2.5' }, 'PATIENT_CHANGE_CUTOFF_HOURS'],
    [{ PATIENT_CHANGE_CUTOFF_HOURS: '721' }, 'PATIENT_CHANGE_CUTOFF_HOURS'],
    [{ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x' }, 'TWILIO_FROM go together'],
    [{ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x', TWILIO_FROM: '555-0100' }, 'TWILIO_FROM must be'],
    [{ TWILIO_API_URL: 'ftp://twilio' }, 'TWILIO_API_URL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'x', SEED: 'y' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });

  it('resolves a relative DATA_DIR from the folder the command was typed in (npm INIT_CWD)', () => {
    const root = dataDir();
    expect(loadConfig({ INIT_CWD: root, DATA_DIR: 'data', JWT_SECRET: 'z'.repeat(40) }).dataDir).toBe(
      path.join(root, 'data'),
    );
  });

  it('sends texts through Twilio only with all three of its settings', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).twilio).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15550100',
      }).twilio,
    ).toEqual({ accountSid: 'AC1', authToken: 'token', from: '+15550100', apiUrl: 'https://api.twilio.com' });
  });

  it("reads the patients' change cut-off, 24 hours unless configured", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).patientChangeCutoffHours).toBe(24);
    expect(
      loadConfig({ DATA_DIR: dataDir(), PATIENT_CHANGE_CUTOFF_HOURS: '48' }).patientChangeCutoffHours,
    ).toBe(48);
    expect(
      loadConfig({ DATA_DIR: dataDir(), PATIENT_CHANGE_CUTOFF_HOURS: '0' }).patientChangeCutoffHours,
    ).toBe(0);
  });

  it('reads the practice time zone under its canonical name', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PRACTICE_TIME_ZONE: 'us/mountain' }).practiceTimeZone).toBe(
      'America/Denver',
    );
  });

  it('production never seeds demo data by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).seed).toBe('none');
  });
});
