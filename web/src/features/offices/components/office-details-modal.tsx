import { DEFAULT_IMAGE, SUCCESS_MESSAGE_MS } from '@clinic/contract/constants';
import { imageUrl, splitImageList } from '@clinic/contract/images';
import { MSG } from '@clinic/contract/messages';
import type { Office } from '@clinic/contract/offices';
import { can, mayEditOffice } from '@clinic/contract/permissions';
import type { Role } from '@clinic/contract/roles';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { EmailAddress } from '../../../components/email-address';
import { FallbackImage } from '../../../components/fallback-image';
import { Lightbox } from '../../../components/lightbox';
import { Modal } from '../../../components/modal';
import { StatusMessage } from '../../../components/status-message';
import styles from './office-details-modal.module.css';

// The editors (uploads included) load when staff press Edit: visitors of the public /office page never fetch them.
const OfficeEditForm = lazy(() => import('./office-edit-form').then((m) => ({ default: m.OfficeEditForm })));
const OfficeImagesEditor = lazy(() =>
  import('./office-images-editor').then((m) => ({ default: m.OfficeImagesEditor })),
);

interface OfficeDetailsModalProps {
  /** The office shown, or null when the popup is closed. */
  office: Office | null;
  /** Every office, so that an image another office still uses is not deleted with this one's. */
  offices: readonly Office[];
  role: Role | null;
  /** The office of the signed-in staff member's own record (a DOCTOR edits only that one), or null. */
  ownOfficeId: number | null;
  onClose: () => void;
}

interface DetailProps {
  label: string;
  value: string;
  href?: string;
  /** How the linked value is shown, when not as plain text. */
  children?: ReactNode;
}

function Detail({ label, value, href, children }: DetailProps) {
  const text = value.trim();
  return (
    <div className={styles.detail}>
      <dt>{label}</dt>
      <dd className={text ? undefined : styles.missing}>
        {text ? href ? <a href={href}>{children ?? text}</a> : text : MSG.notProvided}
      </dd>
    </div>
  );
}

/**
 * The office's details popup (spec §2): address, description, phone and e-mail ('Not Provided' when
 * empty), its photos (a lightbox that wraps around), and an Edit mode where the server allows it (ADMIN and
 * MANAGER any office, a DOCTOR their own: mayEditOffice).
 * Render it with key={officeId}, so that another office starts again in view mode.
 */
export function OfficeDetailsModal({ office, offices, role, ownOfficeId, onClose }: OfficeDetailsModalProps) {
  const [editing, setEditing] = useState(false);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!notice) return undefined;
    const timer = window.setTimeout(() => setNotice(null), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  if (!office) return null;
  const images = splitImageList(office.officeImage);
  const mayEdit = mayEditOffice(role, ownOfficeId, office.officeId);
  const formId = `office-${office.officeId}-edit`;

  return (
    <>
      <Modal
        open
        onClose={onClose}
        size="large"
        title={office.officeName}
        closeLabel="Close details"
        footer={
          editing ? (
            <>
              <Button variant="secondary" onClick={() => setEditing(false)}>
                Close
              </Button>
              <Button type="submit" form={formId}>
                Save
              </Button>
            </>
          ) : mayEdit ? (
            <Button onClick={() => setEditing(true)}>Edit</Button>
          ) : null
        }
      >
        {editing ? (
          <Suspense fallback={<p role="status">Loading the editor…</p>}>
            <OfficeEditForm
              formId={formId}
              office={office}
              mayChangeTimeZone={can(role, 'office:manage')}
              onSaved={() => {
                setEditing(false);
                setNotice(MSG.officeInfoUpdated);
              }}
            />
            <OfficeImagesEditor
              office={office}
              offices={offices}
              mayDeleteFiles={can(role, 'image:delete')}
            />
          </Suspense>
        ) : (
          <>
            {notice ? <StatusMessage tone="success">{notice}</StatusMessage> : null}
            <dl className={styles.details}>
              <Detail label="Address" value={office.address} />
              <Detail label="Description" value={office.description} />
              <Detail label="Phone" value={office.phoneNumber} />
              <Detail
                label="E-mail"
                value={office.email}
                href={office.email.trim() ? `mailto:${office.email.trim()}` : undefined}
              >
                <EmailAddress address={office.email.trim()} />
              </Detail>
            </dl>
            <h3 className={styles.photosTitle}>Photos</h3>
            {images.length === 0 ? (
              <p className={styles.missing}>No photos of this office yet.</p>
            ) : (
              <ul className={styles.grid}>
                {images.map((name, index) => (
                  <li key={name}>
                    <button
                      type="button"
                      className={styles.thumb}
                      onClick={() => setLightbox(index)}
                      aria-label={`View photo ${index + 1} of ${images.length}`}
                    >
                      <FallbackImage
                        src={imageUrl('office', name)}
                        fallback={DEFAULT_IMAGE}
                        alt=""
                        loading="lazy"
                      />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Modal>
      <Lightbox
        label={office.officeName}
        images={images.map((name, index) => ({
          src: imageUrl('office', name),
          fallback: DEFAULT_IMAGE,
          alt: `${office.officeName}, photo ${index + 1}`,
        }))}
        index={lightbox}
        onIndexChange={setLightbox}
        onClose={() => setLightbox(null)}
      />
    </>
  );
}
