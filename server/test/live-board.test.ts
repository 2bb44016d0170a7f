import { eventStreamParser, type StreamEvent } from '@clinic/contract/live-board';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Slot, slotSource } from './fresh-slots';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { createTestApp, type TestApp } from './test-app';
import { visitDayClock } from './visit-day-clock';

/**
 * The live check-in board (issue 15): an open board's stream hears of every change of its office-day,
 * whichever path and whichever app instance made it, and the cards can tell who changed a status and when.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const DENVER = 1; // doctors 1 (the 'doctor' account), 5, 9
const AUSTIN = 2; // doctors 2, 6, 10

let t: TestApp;
/** Check-in happens on the visit's day (decision 0054): status changes run at the visit's start. */
const clock = visitDayClock(() => t.database.db);
let baseUrl: string;
const USERS = ['admin', 'frontdesk', 'doctor', 'patient', 'patient2'] as const;
const tokens = {} as Record<(typeof USERS)[number], string>;
const boards: Board[] = [];

async function urlOf(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  baseUrl = await urlOf(t.app);
  for (const user of USERS) tokens[user] = await t.login(user);
});
afterAll(async () => {
  for (const board of boards) board.close();
  await t?.close();
});

const { freshSlot } = slotSource(() => t.database.db);

interface Board {
  status: number;
  contentType: string | null;
  /** The next event of the stream (the test's own timeout bounds the wait). */
  next(): Promise<StreamEvent>;
  close(): void;
}

async function openBoard(url: string, token: string | undefined, query: string): Promise<Board> {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/appointments/live?${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const parse = eventStreamParser();
  const queue: StreamEvent[] = [];
  const board: Board = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    async next() {
      while (queue.length === 0) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        queue.push(...parse(decoder.decode(value, { stream: true })));
      }
      return queue.shift()!;
    },
    close: () => controller.abort(),
  };
  boards.push(board);
  return board;
}

function book(call: TestApp['call'], token: string, officeId: number, doctorId: number, slot: Slot) {
  return call({
    method: 'POST',
    url: '/api/appointments/add',
    token,
    payload: {
      officeId,
      doctorId,
      appointmentDate: slot.date,
      appointmentTime: slot.time,
      typeVisit: 'eval',
    },
  });
}

describe('GET /api/appointments/live', () => {
  it("tells an open board of each change of its office-day, and only of its own day's", async () => {
    const slot = await freshSlot(DENVER);
    const board = await openBoard(baseUrl, tokens.frontdesk, `officeId=${DENVER}&date=${slot.date}`);
    expect(board.status).toBe(200);
    expect(board.contentType).toContain('text/event-stream');
    expect((await board.next()).event).toBe('ready');

    // A change elsewhere first: the board's first 'change' must still be its own day's.
    const elsewhere = await book(t.call, tokens.patient2, AUSTIN, 2, await freshSlot(AUSTIN));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const booked = await book(t.call, tokens.patient, DENVER, 5, slot);
    expect(booked.statusCode, booked.body).toBe(201);
    const change = await board.next();
    expect(change.event).toBe('change');
    expect(JSON.parse(change.data)).toEqual({ officeId: DENVER, date: slot.date });

    // A status change by the front desk is a change too, and the cards learn who made it and when.
    const id = booked.json().appoinmentId as number;
    const walkedIn = await clock.atVisit(id, () =>
      t.call({
        method: 'PATCH',
        url: `/api/appointments/update-conformation/${id}`,
        token: tokens.frontdesk,
        payload: { conformation: 'Walked In' },
      }),
    );
    expect(walkedIn.statusCode, walkedIn.body).toBe(200);
    expect((await board.next()).event).toBe('change');
    const latest = await t.call({
      method: 'GET',
      url: `/api/appointments/latest-status-changes?officeId=${DENVER}&date=${slot.date}`,
      token: tokens.frontdesk,
    });
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.json()).toEqual([
      expect.objectContaining({
        appointmentId: id,
        fromStatus: 'Scheduled',
        toStatus: 'Walked In',
        by: 'frontdesk',
      }),
    ]);
    board.close();
  });

  it('a visit moved to another day is a change of both days', async () => {
    const from = await freshSlot(DENVER);
    const to = await freshSlot(DENVER, 25);
    const booked = await book(t.call, tokens.patient, DENVER, 9, from);
    expect(booked.statusCode, booked.body).toBe(201);
    const fromBoard = await openBoard(baseUrl, tokens.admin, `officeId=${DENVER}&date=${from.date}`);
    const toBoard = await openBoard(baseUrl, tokens.admin, `officeId=${DENVER}&date=${to.date}`);
    expect((await fromBoard.next()).event).toBe('ready');
    expect((await toBoard.next()).event).toBe('ready');
    const moved = await t.call({
      method: 'PUT',
      url: `/api/appointments/update/${booked.json().appoinmentId}`,
      token: tokens.admin,
      payload: { appointmentDate: to.date, appointmentTime: to.time },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(JSON.parse((await fromBoard.next()).data)).toEqual({ officeId: DENVER, date: from.date });
    expect(JSON.parse((await toBoard.next()).data)).toEqual({ officeId: DENVER, date: to.date });
    fromBoard.close();
    toBoard.close();
  });

  it('is for check-in staff within their scope: 401 signed out, 403 for patients and other offices, 400 bad input', async () => {
    const query = `officeId=${AUSTIN}&date=2030-01-07`;
    expect((await openBoard(baseUrl, undefined, query)).status).toBe(401);
    expect((await openBoard(baseUrl, tokens.patient, query)).status).toBe(403);
    // The demo doctor works in Denver: Austin's board is not theirs, Denver's is.
    expect((await openBoard(baseUrl, tokens.doctor, query)).status).toBe(403);
    const own = await openBoard(baseUrl, tokens.doctor, `officeId=${DENVER}&date=2030-01-07`);
    expect(own.status).toBe(200);
    own.close();
    for (const bad of ['officeId=1&date=2030-02-30', 'officeId=x&date=2030-01-07', 'date=2030-01-07']) {
      expect((await openBoard(baseUrl, tokens.frontdesk, bad)).status, bad).toBe(400);
    }
    const changes = (token: string, q: string) =>
      t.call({ method: 'GET', url: `/api/appointments/latest-status-changes?${q}`, token });
    expect((await changes(tokens.patient, query)).statusCode).toBe(403);
    expect((await changes(tokens.doctor, query)).statusCode).toBe(403);
    expect((await changes(tokens.frontdesk, 'officeId=1&date=2030-02-30')).statusCode).toBe(400);
  });
});

describe.runIf(onServer)('two app instances on one PostgreSQL', () => {
  let second: SecondInstance;
  let secondUrl: string;
  beforeAll(async () => {
    second = await startSecondInstance(t);
    secondUrl = await urlOf(second.app);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('a booking through one instance reaches a board open on the other', async () => {
    const slot = await freshSlot(AUSTIN);
    const board = await openBoard(secondUrl, tokens.frontdesk, `officeId=${AUSTIN}&date=${slot.date}`);
    expect((await board.next()).event).toBe('ready');
    const booked = await book(t.call, tokens.patient2, AUSTIN, 6, slot);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(JSON.parse((await board.next()).data)).toEqual({ officeId: AUSTIN, date: slot.date });
    board.close();
  });
});
