import type { Doctor } from '@clinic/contract/doctors';
import { MSG } from '@clinic/contract/messages';
import { useState } from 'react';
import { TextField } from '../../../components/form-field';
import { Pagination } from '../../../components/pagination';
import { StatusMessage } from '../../../components/status-message';
import { useDocumentTitle } from '../../../lib/document-title';
import { showingRange } from '../../../lib/plural';
import { useCareTeamPage } from '../api/get-care-team';
import { DoctorCard } from '../components/doctor-card';
import { DoctorDetailModal } from '../components/doctor-detail-modal';
import styles from './care-team-page.module.css';

/**
 * 'Meet Our Care Team' (spec §2 Care-team directory): search, cards, 10 per page, a profile popup. The
 * server searches and pages (§9's rules live there), so a network's whole care team never travels.
 */
export function CareTeamPage() {
  useDocumentTitle('Meet Our Care Team');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Doctor | null>(null);
  const doctors = useCareTeamPage(query.trim(), page);
  const view = doctors.data;

  return (
    <section aria-labelledby="care-team-title">
      <header className={styles.intro}>
        <h1 id="care-team-title">Meet Our Care Team</h1>
        <p className={styles.lead}>
          Our physical therapists, massage therapists, acupuncturists and PT staff work side by side at every
          clinic. Search by name, office or specialty and open a profile to learn more about each of them.
        </p>
      </header>

      <div className={styles.search}>
        <TextField
          label="Search the care team"
          type="search"
          placeholder={MSG.careTeamSearchPlaceholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(1);
          }}
          autoComplete="off"
        />
      </div>

      {doctors.isError ? (
        <StatusMessage tone="error">{MSG.failedToFetchDoctors}</StatusMessage>
      ) : !view ? (
        <p role="status">Loading the care team…</p>
      ) : (
        <>
          <p className={styles.count} role="status">
            {view.total === 0
              ? query.trim()
                ? `No team members match “${query.trim()}”.`
                : 'No team members to show yet.'
              : showingRange(view.first, view.last, view.total, 'team member')}
          </p>
          {view.items.length > 0 ? (
            <ul className={styles.grid}>
              {view.items.map((doctor) => (
                <li key={doctor.doctorId}>
                  <DoctorCard doctor={doctor} onOpen={setSelected} />
                </li>
              ))}
            </ul>
          ) : null}
          <Pagination
            page={view.page}
            pageCount={view.pageCount}
            onPageChange={setPage}
            label="Care team pages"
          />
        </>
      )}

      <DoctorDetailModal doctor={selected} onClose={() => setSelected(null)} />
    </section>
  );
}
