import {
  INACTIVITY_LOGOUT_MS,
  INACTIVITY_WARNING_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from '@clinic/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { endSession, type SessionEndReason } from '../../lib/session-end';
import { SESSION_REJECTED_EVENT } from '../../lib/session-storage';

/** What counts as the user being there. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove', 'scroll'] as const;

/**
 * The session rules of spec §4 and §9 for whoever is signed in: 'Are you still there?' after 4 minutes
 * without activity, logout after 5, a patient's session over 30 minutes after login, and an end to the
 * session when the API refuses the token. Each ends with the spec's message on the login page of the
 * user's kind. While the user is active the server is told at most once a minute, so that its own
 * inactivity limit never ends a session the page still considers alive.
 */
export function SessionWatch() {
  const session = useSession();
  const token = session?.token ?? null;
  const expiry = session?.sessionExpiry ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [warning, setWarning] = useState(false);
  const staySignedIn = useRef<() => void>(() => {});

  useEffect(() => {
    if (!token) {
      setWarning(false);
      return undefined;
    }
    let lastActivity = Date.now();
    let lastReport = Date.now();
    let warned = false;
    let ended = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const clearTimers = () => {
      for (const timer of timers.splice(0)) clearTimeout(timer);
    };

    const end = async (reason: SessionEndReason) => {
      if (ended) return;
      ended = true;
      clearTimers();
      setWarning(false);
      const loginPath = await endSession(reason);
      queryClient.clear();
      navigate(loginPath, { replace: true });
    };

    const reportActivity = () => {
      lastReport = Date.now();
      apiRequest<{ authenticated?: boolean }>('/auth/check-auth')
        .then((answer) => {
          if (answer?.authenticated === false) void end('expired');
        })
        .catch(() => {
          // Offline for a moment: the timers still decide.
        });
    };

    // Timers are set for the earliest moment something can happen and re-checked when they fire, so
    // activity only records a time instead of resetting timers on every mouse move.
    const schedule = () => {
      clearTimers();
      const now = Date.now();
      if (expiry !== null) timers.push(setTimeout(() => void end('expired'), Math.max(0, expiry - now)));
      if (!warned) timers.push(setTimeout(check, Math.max(0, lastActivity + INACTIVITY_WARNING_MS - now)));
      timers.push(setTimeout(check, Math.max(0, lastActivity + INACTIVITY_LOGOUT_MS - now)));
    };
    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle >= INACTIVITY_LOGOUT_MS) {
        void end('inactivity');
        return;
      }
      if (idle >= INACTIVITY_WARNING_MS && !warned) {
        warned = true;
        setWarning(true);
      }
      schedule();
    };

    const onActivity = () => {
      // Once warned, only 'Stay signed in' (or closing the dialog) counts.
      if (warned || ended) return;
      lastActivity = Date.now();
      if (lastActivity - lastReport >= SESSION_TOUCH_INTERVAL_MS) reportActivity();
    };
    staySignedIn.current = () => {
      if (ended) return;
      warned = false;
      setWarning(false);
      lastActivity = Date.now();
      reportActivity();
      schedule();
    };
    const onRejected = () => void end('expired');

    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    window.addEventListener(SESSION_REJECTED_EVENT, onRejected);
    schedule();
    return () => {
      ended = true;
      clearTimers();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.removeEventListener(SESSION_REJECTED_EVENT, onRejected);
    };
  }, [token, expiry, navigate, queryClient]);

  return (
    <Modal
      open={warning}
      onClose={() => staySignedIn.current()}
      title="Are you still there?"
      size="small"
      footer={
        <Button type="button" onClick={() => staySignedIn.current()}>
          Stay signed in
        </Button>
      }
    >
      <p>
        You have not done anything for a while. For your privacy you will be signed out in one minute unless
        you choose to stay signed in.
      </p>
    </Modal>
  );
}
