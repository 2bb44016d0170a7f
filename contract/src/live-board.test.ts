import { describe, expect, it } from 'vitest';
import { eventStreamParser } from './live-board';

describe('eventStreamParser', () => {
  it('returns each event once its blank line has arrived, across chunks', () => {
    const parse = eventStreamParser();
    expect(parse('retry: 3000\nevent: ready\ndata: {}\n\n')).toEqual([{ event: 'ready', data: '{}' }]);
    expect(parse('event: change\ndata: {"officeId":1,')).toEqual([]);
    expect(parse('"date":"2030-01-07"}\n')).toEqual([]);
    expect(parse('\n: keep-alive\n\nevent: change\r\ndata: a\r\ndata: b\r\n\r\n')).toEqual([
      { event: 'change', data: '{"officeId":1,"date":"2030-01-07"}' },
      { event: 'change', data: 'a\nb' },
    ]);
  });

  it('names an event without an event line a message, and drops one without data', () => {
    const parse = eventStreamParser();
    expect(parse('data:x\n\nevent: empty\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });
});
