import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion';

const ITEMS = ['First', 'Second', 'Third'].map((title) => ({
  key: title.toLowerCase(),
  title: `${title} question`,
  content: <p>{title} answer</p>,
}));

describe('Accordion', () => {
  it('keeps at most one item open, with aria-expanded and aria-controls on each button', () => {
    render(<Accordion items={ITEMS} maxPanelHeight={500} />);
    const buttons = ITEMS.map((item) => screen.getByRole('button', { name: item.title }));
    for (const button of buttons) {
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(panel).not.toBeNull();
      expect(panel).not.toBeVisible();
    }

    fireEvent.click(buttons[0] as HTMLElement);
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'First question' })).toHaveTextContent('First answer');

    fireEvent.click(buttons[1] as HTMLElement);
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'false');
    expect(buttons[1]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(screen.queryByText('First answer')).not.toBeVisible();

    // Pressing the open one closes it.
    fireEvent.click(buttons[1] as HTMLElement);
    expect(buttons.every((b) => b.getAttribute('aria-expanded') === 'false')).toBe(true);
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('puts the buttons in headings of the given level and caps the panel height', () => {
    const { container } = render(<Accordion items={ITEMS} headingLevel={3} maxPanelHeight={500} />);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect((container.firstChild as HTMLElement).style.getPropertyValue('--accordion-max-height')).toBe(
      '500px',
    );
  });
});
