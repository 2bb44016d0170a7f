import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { RichTextEditor, type RichTextHandle } from './rich-text-editor';

describe('the rich-text editor', () => {
  it('inserts an image as a block of its own after the heading the cursor is in, not inside it', () => {
    const ref = createRef<RichTextHandle>();
    render(
      <>
        <span id="label">Content</span>
        <RichTextEditor ref={ref} labelId="label" fontSize={16} />
      </>,
    );
    ref.current?.setHtml('<h2>Knee care</h2><p>Stretch daily.</p>');
    const area = screen.getByRole('textbox', { name: 'Content' });
    const heading = area.querySelector('h2')!;
    document.getSelection()?.collapse(heading.firstChild, 4);
    fireEvent.keyUp(area);
    ref.current?.insertImage('/images/content/knee.png', 'Knee');
    expect(area.innerHTML).toBe(
      '<h2>Knee care</h2><p><img src="/images/content/knee.png" alt="Knee"></p><p>Stretch daily.</p>',
    );
    // With no cursor in the editor it goes at the end.
    const fresh = createRef<RichTextHandle>();
    render(<RichTextEditor ref={fresh} labelId="label" fontSize={16} />);
    fresh.current?.setHtml('<p>One</p>');
    fresh.current?.insertImage('/x.png', 'X');
    expect(fresh.current?.getHtml()).toBe('<p>One</p><p><img src="/x.png" alt="X"></p>');
  });
});
