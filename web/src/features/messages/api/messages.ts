import type { MessageDueWindow, MessageStatus, OutboxMessage } from '@clinic/contract/messages-outbox';
import { useKeyPagedList } from '../../../lib/key-page';

export interface MessageFilter {
  status: MessageStatus | null;
  patientId: number | null;
  /** Only those due today or in the next 24 hours, in the order they go out. */
  due: MessageDueWindow | null;
}

/**
 * GET /messages: the practice's messages to patients by due time (the latest first, or a window's in the
 * order they go out), a page at a time ("Show more"), each next page by the cursor of the answer's Link.
 */
export function useOutboxMessages(filter: MessageFilter) {
  return useKeyPagedList<OutboxMessage>({
    queryKey: ['messages', filter.status ?? 'all', filter.patientId ?? 0, filter.due ?? 'any'],
    path: '/messages',
    cursorParam: 'cursor',
    query: {
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.patientId ? { patientId: filter.patientId } : {}),
      ...(filter.due ? { due: filter.due } : {}),
    },
  });
}
