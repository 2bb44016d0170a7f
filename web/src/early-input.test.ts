import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyInput } from './early-input';

afterEach(() => {
  document.body.replaceChildren();
});

function button(label: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  document.body.append(element);
  return element;
}

describe('holdEarlyInput', () => {
  it('holds presses of buttons until released, then presses them again in order, as pressed', () => {
    const menu = button('Menu');
    const about = button('About Us');
    const release = holdEarlyInput(document);
    const seen: string[] = [];
    document.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      seen.push(`${target.textContent}:${(event as MouseEvent).detail}`);
    });

    menu.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
    about.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0 }));
    expect(seen).toEqual([]);

    release();
    expect(seen).toEqual(['Menu:1', 'About Us:0']);

    // Released: later presses reach the app at once, and nothing is pressed twice.
    menu.click();
    expect(seen).toEqual(['Menu:1', 'About Us:0', 'Menu:0']);
  });

  it('lets links and other content through, and holds a press on an icon inside a button', () => {
    const link = document.createElement('a');
    link.href = '#faq';
    link.textContent = 'FAQ';
    document.body.append(link);
    const next = button('');
    const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    next.append(icon);
    const release = holdEarlyInput(document);
    const seen: EventTarget[] = [];
    document.addEventListener('click', (event) => seen.push(event.currentTarget ?? document));

    const linkClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(linkClick);
    expect(linkClick.defaultPrevented).toBe(false);
    expect(seen).toHaveLength(1);

    const iconClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    icon.dispatchEvent(iconClick);
    expect(iconClick.defaultPrevented).toBe(true);
    expect(seen).toHaveLength(1);
    release();
    expect(seen).toHaveLength(2);
  });

  it('does not press a button the app removed or disabled before it started', () => {
    const gone = button('Gone');
    const off = button('Off');
    const release = holdEarlyInput(document);
    let pressed = 0;
    document.addEventListener('click', () => {
      pressed += 1;
    });
    gone.click();
    off.click();
    gone.remove();
    off.disabled = true;
    release();
    expect(pressed).toBe(0);
  });
});
