import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion';

const ITEMS = ['First', 'Second', 'Third'].map((title) => ({
  key: title.toLowerCase(),
  title: `${title} question`,
  content: <p>{title} answer</p>,
}));

/** The browser's own behaviour (one open at a time, before any script) is proven in e2e/tests/home.spec.ts. */
describe('Accordion', () => {
  it('renders native disclosures of one group, all closed, each summary holding a heading', () => {
    const { container } = render(<Accordion items={ITEMS} headingLevel={3} maxPanelHeight={500} />);
    const details = [...container.querySelectorAll('details')];
    expect(details).toHaveLength(3);
    const names = new Set(details.map((d) => d.getAttribute('name')));
    expect(names.size).toBe(1);
    expect([...names][0]).toBeTruthy();
    expect(details.every((d) => !d.open)).toBe(true);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      ITEMS.map((i) => i.title),
    );
    for (const d of details) expect(d.querySelector('summary h3')).not.toBeNull();
  });

  it('opens an item from its summary and caps the panel height', () => {
    const { container } = render(<Accordion items={ITEMS} maxPanelHeight={500} />);
    const first = container.querySelector('details') as HTMLDetailsElement;
    fireEvent.click(first.querySelector('summary') as HTMLElement);
    expect(first.open).toBe(true);
    expect(screen.getByText('First answer')).toBeInTheDocument();
    expect((container.firstChild as HTMLElement).style.getPropertyValue('--accordion-max-height')).toBe(
      '500px',
    );
  });
});
