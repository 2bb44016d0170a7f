import { describe, expect, it } from 'vitest';
import { judgeRegistration } from './anti-bot';

const NOW = 1_750_000_000_000;
const human = {
  honeypotField: '',
  honeypotHeader: undefined,
  formStart: String(NOW - 9000),
  pageElapsed: '9000',
};

describe('judgeRegistration', () => {
  it('passes a form filled in over more than 3 s with an empty honeypot', () => {
    expect(judgeRegistration(human, NOW)).toBe('pass');
    expect(judgeRegistration({ ...human, pageElapsed: '3000' }, NOW)).toBe('pass');
  });

  it('rejects a filled honeypot, in the body or the header, even if only spaces around text', () => {
    expect(judgeRegistration({ ...human, honeypotField: ' http://spam ' }, NOW)).toBe('honeypot');
    expect(judgeRegistration({ ...human, honeypotHeader: 'x' }, NOW)).toBe('honeypot');
    expect(judgeRegistration({ ...human, honeypotField: '   ' }, NOW)).toBe('pass');
  });

  it('judges X-Page-Elapsed under 3000 ms too fast, whatever X-Form-Start says', () => {
    expect(judgeRegistration({ ...human, pageElapsed: '2999' }, NOW)).toBe('too_fast');
  });

  it('falls back to X-Form-Start against the server clock', () => {
    const base = { ...human, pageElapsed: undefined };
    expect(judgeRegistration({ ...base, formStart: String(NOW - 1000) }, NOW)).toBe('too_fast');
    expect(judgeRegistration({ ...base, formStart: String(NOW - 5000) }, NOW)).toBe('pass');
  });

  it('judges a request without either header, or with garbage in them, too fast', () => {
    expect(judgeRegistration({ ...human, pageElapsed: undefined, formStart: undefined }, NOW)).toBe(
      'too_fast',
    );
    expect(judgeRegistration({ ...human, pageElapsed: 'soon', formStart: 'yesterday' }, NOW)).toBe(
      'too_fast',
    );
  });
});
