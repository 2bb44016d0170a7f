import { describe, expect, it } from 'vitest';
import { looksExecutable, XSS_CORPUS } from '../../test/xss-corpus';
import { renderStaffMarkdown, sanitizeStaffHtml } from './staff-html';

describe('sanitizeStaffHtml', () => {
  it('the detector used below flags the raw payloads (so a pass means something)', () => {
    const flagged = XSS_CORPUS.filter((payload) => looksExecutable(payload) !== null);
    expect(XSS_CORPUS.length - flagged.length).toBeLessThanOrEqual(1); // the plain target=_blank link
  });

  it.each(XSS_CORPUS)('leaves nothing executable in %s', (payload) => {
    const clean = sanitizeStaffHtml(payload);
    expect(looksExecutable(clean), clean).toBeNull();
    // Idempotent: what is stored comes out the same when it is served.
    expect(sanitizeStaffHtml(clean)).toBe(clean);
  });

  it('keeps the formatting staff use', () => {
    const html =
      '<h1>T</h1><h2>S</h2><h3>s</h3><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u></p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>' +
      '<hr><br><table><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>';
    expect(sanitizeStaffHtml(html)).toBe(
      '<h1>T</h1><h2>S</h2><h3>s</h3><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u></p>' +
        '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>' +
        '<hr /><br /><table><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>',
    );
  });

  it('keeps http(s), mailto, tel and relative links, each with rel noopener; drops other targets', () => {
    expect(sanitizeStaffHtml('<a href="https://a.example/x" target="_blank">a</a>')).toBe(
      '<a href="https://a.example/x" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeStaffHtml('<a href="/content/3" target="_top">a</a>')).toBe(
      '<a href="/content/3" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeStaffHtml('<a href="mailto:care@x.example">m</a>')).toContain(
      'href="mailto:care@x.example"',
    );
    expect(sanitizeStaffHtml('<a href="tel:+18885550142">t</a>')).toContain('href="tel:+18885550142"');
    expect(sanitizeStaffHtml('<a href="//evil.example/">p</a>')).toBe('<a rel="noopener noreferrer">p</a>');
  });

  it('keeps images from /images/ or http(s) only, lazy, with numeric sizes', () => {
    expect(
      sanitizeStaffHtml('<img src="/images/content/knee-1.png" alt="Knee" width="640" height="x">'),
    ).toBe('<img src="/images/content/knee-1.png" alt="Knee" width="640" loading="lazy" />');
    expect(sanitizeStaffHtml('<img src="https://cdn.example/a.jpg">')).toBe(
      '<img src="https://cdn.example/a.jpg" loading="lazy" />',
    );
    expect(sanitizeStaffHtml('<img src="a.png">')).toBe('');
    expect(sanitizeStaffHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeStaffHtml('<img>')).toBe('');
  });

  it('drops script-like elements with their content but keeps the text of other unknown tags', () => {
    expect(sanitizeStaffHtml('<script>alert(1)</script><style>p{}</style><iframe>x</iframe>ok')).toBe('ok');
    expect(sanitizeStaffHtml('<font color="red">text</font>')).toBe('text');
  });
});

describe('renderStaffMarkdown', () => {
  it('renders Markdown with marked and sanitises the result', () => {
    const html = renderStaffMarkdown(
      '# Title\n\n**bold** and *italic*\n\n- a\n- b\n\n![Knee](/images/content/knee.png)\n\n' +
        '[bad](javascript:alert(1)) <img src=x onerror=alert(1)> <script>alert(1)</script>',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toContain('<li>a</li>');
    expect(html).toContain('<img src="/images/content/knee.png" alt="Knee" loading="lazy" />');
    expect(looksExecutable(html), html).toBeNull();
  });
});
