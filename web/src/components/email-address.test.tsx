import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('EmailAddress (issue 28)', () => {
  it('offers a line break after the @ only, and reads as the address', () => {
    const { container } = render(<EmailAddress address="sofia.ramirez@summit-pt.example.com" />);
    const span = container.firstElementChild as HTMLElement;
    expect(span.textContent).toBe('sofia.ramirez@summit-pt.example.com');
    expect(span.innerHTML).toBe('sofia.ramirez@<wbr>summit-pt.example.com');
  });

  it('leaves text without a usable @ as it is', () => {
    for (const text of ['—', 'no-at-sign', '@start', 'end@']) {
      const { container, unmount } = render(<EmailAddress address={text} />);
      expect(container.querySelector('wbr'), text).toBeNull();
      expect(container.textContent).toBe(text);
      unmount();
    }
  });
});
