import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_DUE_WINDOW_LABELS,
  MESSAGE_DUE_WINDOWS,
  MESSAGE_KIND_LABELS,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  type MessageDueWindow,
  type MessageStatus,
} from '@clinic/contract/messages-outbox';
import { can } from '@clinic/contract/permissions';
import { useSearchParams } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import tableStyles from '../../../components/data-table.module.css';
import { FormField } from '../../../components/form-field';
import listPage from '../../../components/list-page.module.css';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { parseId } from '../../../lib/patient-id';
import { useSession } from '../../../lib/session';
import { useOutboxMessages } from '../api/messages';
import styles from './messages-page.module.css';

const TITLE = 'Messages';

/** 'Dec 14, 2026, 8:00 AM CST': in the office's zone when it is known, else the reader's. */
function dueText(at: string, timeZone: string | null): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(at));
}

function statusOf(value: string | null): MessageStatus | null {
  return MESSAGE_STATUSES.find((s) => s === value) ?? null;
}

function dueWindowOf(value: string | null): MessageDueWindow | null {
  return MESSAGE_DUE_WINDOWS.find((w) => w === value) ?? null;
}

/**
 * /messages (issue 16, MANAGER and ADMIN): every message planned for a patient and what became of it: sent,
 * scheduled, retried, not sent for want of consent, not needed (the visit was canceled or moved) or failed.
 * `?patientId=` narrows it to one patient ("did I get a reminder?"); `?due=today` or `next-24h` answers
 * "what goes out today", in the order it goes out (issue 28). Otherwise the latest due come first.
 */
export function MessagesPage() {
  useDocumentTitle(TITLE);
  const session = useSession();
  if (!can(session?.role, 'message:read')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="The messages to patients are for managers and administrators."
        signedOut={!session}
      />
    );
  }
  return <MessageList />;
}

function MessageList() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const patientId = parseId(params.get('patientId'));
  const due = dueWindowOf(params.get('due'));
  const messages = useOutboxMessages({ status, patientId, due });
  const patientName = messages.items.find((m) => m.patientId === patientId)?.patientName;

  function setFilter(name: string, value: string | null) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  return (
    <div className={listPage.page}>
      <header className={listPage.header}>
        <h1 className={listPage.title}>{TITLE}</h1>
        <p className={listPage.lead}>
          Booking confirmations, visit reminders and notices, waitlist offers and authorization notices (few
          visits left, ending soon), by the time they are due: the latest first, or, for today or the next 24
          hours, in the order they go out. A message goes out to a patient only on the channels they allowed
          on their communication preferences; the front desk gets a copy of each authorization notice.
        </p>
      </header>
      <search className={styles.filters} aria-label="Message filters">
        <FormField label="Status">
          {(control) => (
            <select
              {...control}
              value={status ?? ''}
              onChange={(e) => setFilter('status', e.target.value || null)}
            >
              <option value="">Any status</option>
              {MESSAGE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {MESSAGE_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Due">
          {(control) => (
            <select {...control} value={due ?? ''} onChange={(e) => setFilter('due', e.target.value || null)}>
              <option value="">Any time, latest first</option>
              {MESSAGE_DUE_WINDOWS.map((w) => (
                <option key={w} value={w}>
                  {MESSAGE_DUE_WINDOW_LABELS[w]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {patientId ? (
          <p className={styles.patientFilter}>
            Messages to <strong>{patientName ?? `patient #${patientId}`}</strong>{' '}
            <Button variant="secondary" onClick={() => setFilter('patientId', null)}>
              Show every patient
            </Button>
          </p>
        ) : null}
      </search>
      {messages.isPending ? <p role="status">Loading messages…</p> : null}
      {messages.isError ? <StatusMessage tone="error">{errorMessage(messages.error)}</StatusMessage> : null}
      {messages.isSuccess && messages.items.length === 0 ? (
        <p className={styles.empty}>
          No messages{status ? ` with the status ${MESSAGE_STATUS_LABELS[status]}` : ''}
          {due ? ` due ${due === 'today' ? 'today' : 'in the next 24 hours'}` : ''}.
        </p>
      ) : null}
      {messages.items.length > 0 ? (
        <table className={tableStyles.table}>
          <thead>
            <tr>
              <th scope="col">Due</th>
              <th scope="col">Patient</th>
              <th scope="col">Message</th>
              <th scope="col">Status</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {messages.items.map((m) => (
              <tr key={m.id}>
                <td data-label="Due">
                  <time dateTime={m.dueAt}>{dueText(m.dueAt, m.timeZone)}</time>
                </td>
                <td data-label="Patient">
                  {m.patientId ? (
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => setFilter('patientId', String(m.patientId))}
                    >
                      {m.patientName ?? `#${m.patientId}`}
                      <span className="visually-hidden">: show only their messages</span>
                    </button>
                  ) : (
                    '—'
                  )}
                </td>
                <td data-label="Message">
                  <span>
                    {MESSAGE_KIND_LABELS[m.kind] ?? m.kind}
                    <span className={styles.channel}> · {MESSAGE_CHANNEL_LABELS[m.channel]}</span>
                  </span>
                </td>
                <td data-label="Status">
                  <span className={[styles.status, styles[m.status]].join(' ')}>
                    {MESSAGE_STATUS_LABELS[m.status]}
                  </span>
                </td>
                <td data-label="Details">
                  {m.detail ?? ''}
                  {m.attempts > 1 ? ` (${m.attempts} attempts)` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {messages.hasNextPage ? (
        <div className={listPage.more}>
          <Button variant="secondary" onClick={messages.loadMore} disabled={messages.isFetchingNextPage}>
            {messages.isFetchingNextPage ? 'Loading…' : 'Show more messages'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
