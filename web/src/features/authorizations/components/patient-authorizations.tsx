import type { PatientAuthorization } from '@clinic/contract/authorizations';
import { CAROUSEL_TRANSITION_MS } from '@clinic/contract/constants';
import { MSG, msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import type { Role } from '@clinic/contract/roles';
import { type ReactNode, useState } from 'react';
import { Carousel } from '../../../components/carousel';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { usePatientAuthorizations } from '../api/get-patient-authorizations';
import { useRemoveAuthorization } from '../api/remove-authorization';
import { AuthorizationCard, authorizationName } from './authorization-card';
import styles from './patient-authorizations.module.css';

/** Latest start first: the current authorization is the first card. */
function newestFirst(list: readonly PatientAuthorization[]): PatientAuthorization[] {
  return [...list].sort((a, b) => b.dayStart.localeCompare(a.dayStart) || b.authId - a.authId);
}

/**
 * The patient dashboard's authorizations (spec §2): a carousel of cards, one at a time and moved by hand.
 * Everyone who may see the dashboard reads them; ADMIN edits and deletes (§6), deleting after a
 * confirmation (§5).
 */
export function PatientAuthorizations({ patientId, role }: { patientId: number; role: Role }) {
  const list = usePatientAuthorizations(patientId);
  const remove = useRemoveAuthorization();
  const editable = can(role, 'authorization:edit');
  const [flash, showFlash] = useFlashMessage();
  const [deleting, setDeleting] = useState<PatientAuthorization | null>(null);

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.authId, {
      onSuccess: () => showFlash({ tone: 'success', text: MSG.authorizationDeleted }),
      onError: (error) => showFlash({ tone: 'error', text: msg.deleteFailed(errorMessage(error)) }),
      onSettled: () => setDeleting(null),
    });
  }

  let body: ReactNode;
  if (list.isPending) body = <p role="status">Loading authorizations…</p>;
  else if (list.isError) {
    body = <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(list.error))}</StatusMessage>;
  } else if (list.data.length === 0) body = <p className={styles.empty}>No authorizations on file.</p>;
  else {
    const authorizations = newestFirst(list.data);
    body = (
      <div className={authorizations.length > 1 ? styles.withArrows : undefined}>
        <Carousel
          label="Authorizations"
          transitionMs={CAROUSEL_TRANSITION_MS}
          slides={authorizations.map((auth) => ({
            key: auth.authId,
            name: authorizationName(auth),
            content: (
              <AuthorizationCard
                authorization={auth}
                editable={editable}
                onDelete={() => {
                  showFlash(null);
                  setDeleting(auth);
                }}
                onSaved={() => showFlash({ tone: 'success', text: MSG.authorizationUpdated })}
              />
            ),
          }))}
        />
      </div>
    );
  }

  return (
    <>
      <div aria-live="polite">
        {flash ? <StatusMessage tone={flash.tone}>{flash.text}</StatusMessage> : null}
      </div>
      {body}
      {editable ? (
        <ConfirmDialog
          open={deleting !== null}
          title="Delete authorization"
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          <p>{MSG.confirmDeleteAuthorization}</p>
          {deleting ? <p>{authorizationName(deleting)}</p> : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
