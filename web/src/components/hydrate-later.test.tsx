import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { HydrateLater, hydrateInSteps } from './hydrate-later';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {name} {count}
    </button>
  );
}

function Page() {
  return (
    <div>
      <Counter name="first" />
      <HydrateLater>
        <section>
          <Counter name="later" />
        </section>
      </HydrateLater>
      <HydrateLater>
        <footer>
          <Counter name="last" />
        </footer>
      </HydrateLater>
    </div>
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('hydration in steps', () => {
  it('keeps the prerendered HTML of a later part as it is and hydrates it in a later task', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString((<Page />) as unknown as VNode);
    document.body.append(container);
    const html = container.innerHTML;
    const [first, later, last] = [...container.querySelectorAll('button')];

    const hydrated = hydrateInSteps(() => hydrateRoot(container, <Page />));
    // The first part answers at once; the later parts are the prerendered HTML, not yet the app's.
    expect(container.innerHTML).toBe(html);
    first?.click();
    later?.click();
    await Promise.resolve();
    await Promise.resolve();
    expect(first?.textContent).toBe('first 1');
    expect(later?.textContent).toBe('later 0');

    await hydrated;
    // The same elements, now the app's: nothing was rendered twice or replaced.
    expect([...container.querySelectorAll('button')]).toEqual([first, later, last]);
    later?.click();
    last?.click();
    await settle();
    expect(container.textContent).toBe('first 1later 1last 1');
    container.remove();
  });

  it('renders at once outside the first hydration', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    createRoot(container).render(<Page />);
    await settle();
    expect(container.querySelectorAll('button')).toHaveLength(3);
    container.remove();
  });
});
