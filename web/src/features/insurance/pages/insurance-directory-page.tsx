import type { Insurance } from '@clinic/contract/insurance';
import { MSG } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { useState } from 'react';
import { TextField } from '../../../components/form-field';
import { Pagination } from '../../../components/pagination';
import { StatusMessage } from '../../../components/status-message';
import { useDocumentTitle } from '../../../lib/document-title';
import { showingRange } from '../../../lib/plural';
import { useSession } from '../../../lib/session';
import { useInsurances } from '../api/get-insurances';
import { AcceptanceBadge } from '../components/acceptance-badge';
import { InsuranceCard } from '../components/insurance-card';
import { InsuranceDetailModal } from '../components/insurance-detail-modal';
import { insurancePage } from '../components/insurance-filter';
import styles from './insurance-directory-page.module.css';

/** 'Insurance Coverage Directory' (spec §2): search by name, 9 cards per page, details, ADMIN edit. */
export function InsuranceDirectoryPage() {
  useDocumentTitle('Insurance Coverage Directory');
  const session = useSession();
  const insurances = useInsurances();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Insurance | null>(null);

  const view = insurancePage(insurances.data ?? [], query, page);

  return (
    <section aria-labelledby="insurance-title">
      <header className={styles.intro}>
        <h1 id="insurance-title">Insurance Coverage Directory</h1>
        <p className={styles.lead}>
          The insurance plans our clinics work with, and whether we accept them. Open a plan for its coverage,
          authorization and claims details.
        </p>
        <div className={styles.legend}>
          <AcceptanceBadge acceptance="yes" />
          <AcceptanceBadge acceptance="no" />
          <AcceptanceBadge acceptance="patient" />
        </div>
        <p className={styles.note}>
          An acceptance of <strong>patient</strong> means that coverage depends on the individual patient's
          plan: please call us or your insurer to confirm your benefits before your first visit.
        </p>
      </header>

      <div className={styles.search}>
        <TextField
          label="Search by insurance name"
          type="search"
          placeholder="e.g. Aetna"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(1);
          }}
          autoComplete="off"
        />
      </div>

      {insurances.isPending ? (
        <p role="status">Loading insurances…</p>
      ) : insurances.isError ? (
        <StatusMessage tone="error">{MSG.insuranceLoadFailed}</StatusMessage>
      ) : (
        <>
          <p className={styles.count} role="status">
            {view.total === 0
              ? query.trim()
                ? `No insurance matches “${query.trim()}”.`
                : 'No insurances to show yet.'
              : showingRange(view.first, view.last, view.total, 'insurance')}
          </p>
          {view.items.length > 0 ? (
            <ul className={styles.grid}>
              {view.items.map((insurance) => (
                <li key={insurance.insid}>
                  <InsuranceCard insurance={insurance} onOpen={setSelected} />
                </li>
              ))}
            </ul>
          ) : null}
          <Pagination
            page={view.page}
            pageCount={view.pageCount}
            onPageChange={setPage}
            label="Insurance pages"
          />
        </>
      )}

      <InsuranceDetailModal
        key={selected?.insid ?? 'closed'}
        insurance={selected}
        onClose={() => setSelected(null)}
        canEdit={can(session?.role, 'insurance:edit')}
      />
    </section>
  );
}
