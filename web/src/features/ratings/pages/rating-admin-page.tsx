import { MSG, msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import type { RatingFilterQuery } from '@clinic/contract/ratings';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import frame from '../../../components/list-page.module.css';
import listState from '../../../components/list-states.module.css';
import pager from '../../../components/pagination.module.css';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { useExportRatings } from '../api/export-ratings';
import { useRatingSummary } from '../api/get-rating-summary';
import { RATINGS_PAGE_SIZE, useRatingsPage } from '../api/get-ratings';
import { type FilterChoice, RatingFilterForm } from '../components/rating-filter-form';
import { parseRatingFilters, ratingFilterSearch } from '../components/rating-filters';
import { RatingStandings } from '../components/rating-standings';
import { showingText } from '../components/rating-text';
import { RatingsTable } from '../components/ratings-table';
import styles from './rating-admin-page.module.css';

const TITLE = 'Patient Ratings';

/** The doctors and offices the filters offer (the app reads them from their directories). */
export interface RatingFilterChoices {
  doctors: readonly FilterChoice[];
  offices: readonly FilterChoice[];
  /** Why a list could not be loaded, when it could not. */
  error?: string | null;
}

/**
 * /ratingadminview (ADMIN, spec §2 Admin rating dashboard): patients' ratings filtered by doctor, office
 * and visit dates, paged by the server, exported as ratings_export.csv; beyond the spec, the averages
 * per doctor and per office with their monthly trend, lowest first.
 */
export function RatingAdminPage({ choices }: { choices: RatingFilterChoices }) {
  const session = useSession();
  if (!can(session?.role, 'rating:read:any')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only administrators can view patients' ratings."
        signedOut={!session}
      />
    );
  }
  return <RatingDashboard choices={choices} />;
}

function RatingDashboard({ choices }: { choices: RatingFilterChoices }) {
  useDocumentTitle(TITLE);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseRatingFilters(params), [params]);
  const search = ratingFilterSearch(filters);
  const apply = (next: RatingFilterQuery) => setParams(new URLSearchParams(ratingFilterSearch(next)));

  return (
    <div className={frame.page}>
      <header className={frame.header}>
        <h1 className={frame.title}>{TITLE}</h1>
        <p className={frame.lead}>
          What patients said about their visits. Filter by doctor, office and visit dates; the link of the
          page keeps the filters. Anonymous ratings name no patient.
        </p>
      </header>
      {/* Keyed by the applied filters, so going back or following a link resets the form and the paging. */}
      <RatingFilterForm
        key={search}
        applied={filters}
        doctors={choices.doctors}
        offices={choices.offices}
        onApply={apply}
      />
      {choices.error ? <StatusMessage tone="error">{choices.error}</StatusMessage> : null}
      <RatingResults key={`results-${search}`} filters={filters} />
      <RatingAverages filters={filters} />
    </div>
  );
}

/** One page of the table, with Previous through a stack of the cursors that led here. */
function RatingResults({ filters }: { filters: RatingFilterQuery }) {
  const headingId = useId();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const page = useRatingsPage(filters, cursors.at(-1) ?? null);
  const exportCsv = useExportRatings();

  const pageIndex = cursors.length - 1;
  const loading = page.isPending || page.isPlaceholderData;
  const items = page.data?.items ?? [];
  const nextCursor = page.isPlaceholderData ? null : (page.data?.nextCursor ?? null);
  const empty = page.isSuccess && !page.isPlaceholderData && items.length === 0 && pageIndex === 0;

  let status = '';
  if (loading) status = 'Loading ratings…';
  else if (items.length > 0)
    status = showingText(pageIndex * RATINGS_PAGE_SIZE + 1, items.length, page.data?.total ?? null);

  return (
    <section className={frame.section} aria-labelledby={headingId}>
      <div className={frame.toolbar}>
        <h2 id={headingId} className={frame.sectionTitle}>
          Ratings
        </h2>
        <p className={frame.count} role="status">
          {status}
        </p>
        <Button
          variant="secondary"
          disabled={exportCsv.isPending || empty}
          onClick={() => exportCsv.mutate(filters)}
        >
          {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      {exportCsv.isError ? <StatusMessage tone="error">{errorMessage(exportCsv.error)}</StatusMessage> : null}
      {page.isError ? (
        <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(page.error))}</StatusMessage>
      ) : null}
      {empty ? <EmptyState>{MSG.noRatingsFound}</EmptyState> : null}
      {items.length > 0 ? (
        <div className={loading ? listState.stale : undefined} aria-busy={page.isFetching || undefined}>
          <RatingsTable rows={items} />
        </div>
      ) : null}
      {pageIndex > 0 || nextCursor ? (
        <nav className={pager.pagination} aria-label="Ratings pages">
          <button
            type="button"
            className={pager.button}
            disabled={pageIndex === 0}
            onClick={() => setCursors((stack) => stack.slice(0, -1))}
          >
            Previous
          </button>
          <span className={pager.status}>Page {pageIndex + 1}</span>
          <button
            type="button"
            className={pager.button}
            disabled={!nextCursor}
            onClick={() => nextCursor && setCursors((stack) => [...stack, nextCursor])}
          >
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/** The averages per doctor and per office over the filtered ratings. */
function RatingAverages({ filters }: { filters: RatingFilterQuery }) {
  const headingId = useId();
  const summary = useRatingSummary(filters);
  return (
    <section className={frame.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={frame.sectionTitle}>
        Averages
      </h2>
      <p className={frame.lead}>
        Average scores out of 10 for the same filters, lowest first, with the trend of the last 12 months.
      </p>
      {summary.isPending ? <p role="status">Loading averages…</p> : null}
      {summary.isError ? (
        <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(summary.error))}</StatusMessage>
      ) : null}
      {summary.data ? (
        <div className={`${styles.standings} ${summary.isPlaceholderData ? listState.stale : ''}`}>
          <RatingStandings title="Doctors" nameLabel="Doctor" standings={summary.data.doctors} />
          <RatingStandings title="Offices" nameLabel="Office" standings={summary.data.offices} />
        </div>
      ) : null}
    </section>
  );
}
