import type { MessageStatus, OutboxMessage } from '@clinic/contract/messages-outbox';
import { useKeyPagedList } from '../../../lib/key-page';

export interface MessageFilter {
  status: MessageStatus | null;
  patientId: number | null;
}

/** GET /messages: the practice's messages to patients, newest first, a page at a time ("Show more"). */
export function useOutboxMessages(filter: MessageFilter) {
  return useKeyPagedList<OutboxMessage>({
    queryKey: ['messages', filter.status ?? 'all', filter.patientId ?? 0],
    path: '/messages',
    query: {
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.patientId ? { patientId: filter.patientId } : {}),
    },
  });
}
