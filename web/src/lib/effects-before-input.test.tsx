import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';

// The test setup installs runEffectsBeforeInput(), as src/start.tsx does in the app.

/** Starts on the office the staff member works at, set by an effect, as the check-in page does. */
function OfficePicker({ log }: { log: string[] }) {
  const [office, setOffice] = useState('none');
  useEffect(() => {
    log.push('effect: own office');
    setOffice('own office');
  }, [log]);
  return (
    <button
      type="button"
      onClick={() => {
        log.push('click: Portland');
        setOffice('Portland');
      }}
    >
      {office}
    </button>
  );
}

const container = document.createElement('div');
document.body.append(container);

const root = createRoot(container);

afterEach(() => {
  root.render(null);
});

describe('effects run before the next event', () => {
  it('a click made before the first frame meets the state its render’s effects set, and wins', async () => {
    const log: string[] = [];
    // Rendered outside any test `act`, as in the browser: the effect waits for the next frame.
    root.render(<OfficePicker log={log} />);
    const button = container.querySelector('button');
    expect(button?.textContent).toBe('none');
    expect(log).toEqual([]);

    button?.click();
    expect(log).toEqual(['effect: own office', 'click: Portland']);
    // The re-render that follows shows the choice, not the starting office.
    await Promise.resolve();
    await Promise.resolve();
    expect(button?.textContent).toBe('Portland');
  });
});
