import { options } from 'preact';

/**
 * Runs a render's pending effects before the app handles the next event, as React does (docs/decisions/0047).
 *
 * Preact, like React, runs effects after the browser has painted (the next frame); unlike React it does not run
 * them first when an event comes sooner. An event in that gap met state its effects were about to change: a
 * page that starts at the staff member's office (set in an effect once the offices load) overrode an office
 * chosen within the frame, and a tap replayed as the app starts (src/early-input.ts) was undone by the menu's
 * "close on a new page" effect. Here Preact hands its flush of effects to this scheduler, which runs it after
 * the next frame as before, or at once when an event reaches one of the app's handlers first.
 */
export function runEffectsBeforeInput(): void {
  let pending: (() => void) | null = null;
  const runPending = () => {
    const flush = pending;
    pending = null;
    flush?.();
  };

  options.requestAnimationFrame = (flush) => {
    pending = flush;
    // After the next frame, or 35 ms when no frame comes (a hidden tab), as Preact does by itself.
    let frame = 0;
    const afterFrame = () => {
      clearTimeout(timeout);
      cancelAnimationFrame(frame);
      setTimeout(runPending);
    };
    const timeout = setTimeout(afterFrame, 35);
    frame = requestAnimationFrame(afterFrame);
  };

  const previous = options.event;
  options.event = (event) => {
    runPending();
    return previous ? previous(event) : event;
  };
}
