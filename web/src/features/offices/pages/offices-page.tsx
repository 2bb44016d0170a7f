import type { Office } from '@clinic/contract/offices';
import { can } from '@clinic/contract/permissions';
import { useState } from 'react';
import { StatusMessage } from '../../../components/status-message';
import { prefixedMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { useOffices } from '../api/get-offices';
import { useOwnOfficeId } from '../api/get-own-office';
import { OfficeCard } from '../components/office-card';
import { OfficeDetailsModal } from '../components/office-details-modal';
import styles from './offices-page.module.css';

/** /office (spec §2 Office page): every clinic with its week of hours, a map and a details popup. */
export function OfficesPage() {
  useDocumentTitle('Our Offices');
  const session = useSession();
  const role = session?.role ?? null;
  const offices = useOffices();
  const ownOfficeId = useOwnOfficeId(role === 'DOCTOR' ? (session?.username ?? undefined) : undefined);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const list = offices.data ?? [];
  // The popup reads the office from the list, so it shows fresh data after an edit.
  const selected = list.find((o) => o.officeId === selectedId) ?? null;

  return (
    <section aria-labelledby="offices-title">
      <header className={styles.intro}>
        <h1 id="offices-title">Our Offices</h1>
        <p className={styles.lead}>
          Summit clinics offer physical therapy, massage and acupuncture in several states. Each card shows
          the clinic's hours for the next seven days in its own local time, a map of where to find it, and
          more details and photos behind More Details.
        </p>
      </header>

      {offices.isPending ? (
        <p role="status" className={styles.loading}>
          Loading offices…
        </p>
      ) : offices.isError ? (
        <StatusMessage tone="error">{prefixedMessage('fetchOffices', offices.error)}</StatusMessage>
      ) : list.length === 0 ? (
        <p>No offices have been registered yet.</p>
      ) : (
        <ul className={styles.list}>
          {list.map((office: Office, index) => (
            <li key={office.officeId}>
              <OfficeCard
                office={office}
                first={index === 0}
                showIncrements={can(role, 'office:hours-increment:read')}
                onMoreDetails={(o) => setSelectedId(o.officeId)}
              />
            </li>
          ))}
        </ul>
      )}

      <OfficeDetailsModal
        key={selectedId ?? 'none'}
        office={selected}
        offices={list}
        role={role}
        ownOfficeId={ownOfficeId}
        onClose={() => setSelectedId(null)}
      />
    </section>
  );
}
