/**
 * The live check-in board's feed (GET /api/appointments/live, issue 15): server-sent events. 'ready' once the
 * server watches the office-day, then 'change' with {officeId, date} whenever an appointment of it changes.
 * The events carry no patient data: the board reads the day again through the ordinary list.
 */
export const LIVE_EVENT = { ready: 'ready', change: 'change' } as const;

/** How often a board without the live feed (refused, lost, an old proxy) reads its day again. */
export const BOARD_POLL_MS = 15_000;

export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads the text/event-stream wire format chunk by chunk (WHATWG HTML, server-sent events): each call takes
 * the next chunk of text and returns the events it completed. Comments and retry lines are skipped.
 */
export function eventStreamParser(): (chunk: string) => StreamEvent[] {
  let buffer = '';
  return (chunk) => {
    buffer = (buffer + chunk).replace(/\r\n?/g, '\n');
    const events: StreamEvent[] = [];
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  };
}
