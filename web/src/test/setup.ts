import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { runEffectsBeforeInput } from '../lib/effects-before-input';

// Pages are lazily imported modules: the first import of one is transformed on demand, which can take
// longer than Testing Library's default second on a busy machine. findBy and waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// Effects run before the next event is handled, as in the app (src/start.tsx).
runEffectsBeforeInput();

// Places where happy-dom departs from the DOM that browsers implement, and that Preact (which sets
// DOM properties where React sets attributes) reaches:
// - a select's value setter takes a DOMString: a browser turns `select.value = 29` into "29"; happy-dom
//   compares the number with each option's string and selects nothing.
// - `draggable` is a reflected property of every element; happy-dom has no such property, so Preact
//   falls back to the attribute and drops it for `false`.
// - the drag events' handler properties (ondragstart…) are missing, so Preact, which names a listener's
//   event in lower case only when the element has the property, would listen for "DragStart".
const selectValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value');
Object.defineProperty(HTMLSelectElement.prototype, 'value', {
  ...selectValue,
  set(this: HTMLSelectElement, value: unknown) {
    selectValue?.set?.call(this, String(value));
  },
});
if (!('draggable' in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, 'draggable', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('draggable') === 'true';
    },
    set(this: HTMLElement, value: unknown) {
      this.setAttribute('draggable', value ? 'true' : 'false');
    },
  });
}
// - IntersectionObserver never reports: here every observed element is in view as soon as it is observed
//   (a test of what happens before that replaces it: lib/near-viewport.test.tsx).
class InViewObserver {
  readonly #callback: IntersectionObserverCallback;
  #observing = true;
  constructor(callback: IntersectionObserverCallback) {
    this.#callback = callback;
  }
  observe(target: Element) {
    queueMicrotask(() => {
      if (!this.#observing) return;
      const entry = { isIntersecting: true, target } as IntersectionObserverEntry;
      this.#callback([entry], this as unknown as IntersectionObserver);
    });
  }
  unobserve() {}
  disconnect() {
    this.#observing = false;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
Object.defineProperty(window, 'IntersectionObserver', {
  configurable: true,
  writable: true,
  value: InViewObserver,
});
for (const name of [
  'ondrag',
  'ondragstart',
  'ondragend',
  'ondragenter',
  'ondragleave',
  'ondragover',
  'ondrop',
]) {
  if (!(name in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, writable: true, value: null });
  }
}

// No test reaches a real server: a call that a test did not mock answers 503 at once (instead of happy-dom
// trying localhost:3000). Tests that need answers replace fetch with mockFetch().
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'no_server', message: 'No server in component tests' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});

// Testing Library only cleans up by itself when test globals are on; they are off here.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
