import { type ReactElement, Suspense, useState } from 'react';

/**
 * Hydration of a prerendered page in steps, a task each, so that no step is a long task (docs/decisions/0047).
 * Preact hydrates a tree in one go: on a mid-range phone the home page took 150 ms. A part wrapped in
 * `HydrateLater` suspends while the page is first hydrated; Preact keeps its prerendered HTML as it is and
 * hydrates it in a task of its own, the parts in page order.
 */

let hydrating = false;
let lastStep: Promise<void> = Promise.resolve();

/** Resolves in a later task, after the step before it: after that step's work and what it queued. */
function nextStep(): Promise<void> {
  lastStep = lastStep.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return lastStep;
}

/** Resolves when no step is waiting (steps may add steps: a lazy part that arrives while others wait). */
async function stepsDone(): Promise<void> {
  let step: Promise<void>;
  do {
    step = lastStep;
    await step;
  } while (step !== lastStep);
}

/**
 * Runs `hydrate` (which hydrates the page's root) with the parts marked `HydrateLater` left for later; resolves
 * once every part is hydrated, from when the whole page handles input.
 */
export async function hydrateInSteps(hydrate: () => void): Promise<void> {
  hydrating = true;
  try {
    hydrate();
    await stepsDone();
  } finally {
    hydrating = false;
  }
}

interface Wait {
  done: boolean;
  until: Promise<void>;
}

function startWait(): Wait {
  const wait: Wait = { done: false, until: nextStep() };
  wait.until = wait.until.then(() => {
    wait.done = true;
  });
  return wait;
}

function Later({ children }: { children: ReactElement }) {
  // Rendered again while it waits (the page around it changed), the part goes on waiting for the same step.
  // A part that the first pass renders and then throws away has started a step nobody waits for: an empty
  // task, harmless.
  const [wait] = useState(() => (hydrating ? startWait() : null));
  if (wait && !wait.done) throw wait.until;
  return children;
}

/**
 * A part of the page hydrated in a task of its own (its element is the part's one root in the HTML). Outside
 * the first hydration of a prerendered page it renders at once, as if it were not there.
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <Later>{children}</Later>
    </Suspense>
  );
}
