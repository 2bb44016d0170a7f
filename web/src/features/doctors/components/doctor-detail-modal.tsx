import { type Doctor, doctorDisplayName, specialtyLabel } from '@clinic/contract/doctors';
import { ownImageUrl } from '@clinic/contract/images';
import { MSG } from '@clinic/contract/messages';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { PersonPicture } from '../../../components/person-picture';
import styles from './doctor-detail-modal.module.css';

interface DoctorDetailModalProps {
  doctor: Doctor | null;
  onClose: () => void;
}

/** The profile popup of the care-team directory, with the spec's fallback when there is no bio. */
export function DoctorDetailModal({ doctor, onClose }: DoctorDetailModalProps) {
  const name = doctor ? doctorDisplayName(doctor) : '';
  const bio = doctor?.bio.trim() ?? '';
  return (
    <Modal
      open={doctor !== null}
      onClose={onClose}
      title={name}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {doctor ? (
        <div className={styles.profile}>
          <PersonPicture
            className={styles.photo}
            src={ownImageUrl('doctor', doctor.doctorPicture)}
            name={name}
            alt={`Photo of ${name}`}
            width={240}
            height={240}
          />
          <div>
            <dl className={styles.facts}>
              <div>
                <dt>Specialty</dt>
                <dd>{specialtyLabel(doctor.specialty)}</dd>
              </div>
              <div>
                <dt>Office</dt>
                <dd>{doctor.officeName ?? 'Office not assigned'}</dd>
              </div>
            </dl>
            <h3 className={styles.aboutTitle}>About</h3>
            <p className={bio ? styles.bio : styles.noBio}>{bio || MSG.noBio}</p>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
