import { MSG } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { AccessDenied } from '../../../components/access-denied';
import { StatusMessage } from '../../../components/status-message';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { DOCTORS_KEY } from '../api/get-doctors';
import { useOwnDoctor } from '../api/get-own-doctor';
import { ClockPanel } from '../components/clock-panel';
import { StaffAccountCard } from '../components/staff-account-card';
import { StaffProfileCard } from '../components/staff-profile-card';
import styles from './doctor-dashboard-page.module.css';

const TITLE = 'Doctor Dashboard';

/** /dashboard/doctor (spec §2 Doctor dashboard): the staff member's profile, time clock and sign-in details. */
export function DoctorDashboardPage() {
  const session = useSession();
  if (!can(session?.role, 'clock:use:own')) {
    return <AccessDenied title={TITLE} reason="The doctor dashboard is for staff." signedOut={!session} />;
  }
  return <Dashboard username={session?.username ?? ''} />;
}

function Dashboard({ username }: { username: string }) {
  useDocumentTitle(TITLE);
  const own = useOwnDoctor(username);
  const queryClient = useQueryClient();
  const noRecord = own.error instanceof ApiError && own.error.status === 404;

  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{TITLE}</h1>
      {own.data ? (
        <p className={styles.lead}>Welcome, {own.data.firstName || username}.</p>
      ) : own.isPending ? (
        <p role="status">Loading your profile…</p>
      ) : null}
      {noRecord ? (
        <StatusMessage tone="info">
          Your account has no staff profile yet, so there is no time clock for it. An administrator can create
          one under Register Staff.
        </StatusMessage>
      ) : own.isError ? (
        <StatusMessage tone="error">{MSG.failedToFetchDoctors}</StatusMessage>
      ) : null}
      {own.data ? (
        <div className={styles.grid}>
          <ClockPanel doctorId={own.data.doctorId} />
          <StaffProfileCard
            key={own.data.doctorId}
            doctor={own.data}
            onSaved={() => queryClient.invalidateQueries({ queryKey: DOCTORS_KEY })}
          />
          <StaffAccountCard key={`account-${username}`} doctorId={own.data.doctorId} username={username} />
        </div>
      ) : null}
    </section>
  );
}
