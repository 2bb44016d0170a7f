import { type Doctor, doctorDisplayName, specialtyLabel } from '@clinic/contract/doctors';
import { ownImageUrl } from '@clinic/contract/images';
import { PersonPicture } from '../../../components/person-picture';
import styles from './doctor-card.module.css';

interface DoctorCardProps {
  doctor: Doctor;
  onOpen: (doctor: Doctor) => void;
}

/** A care-team card: picture, name (the button that opens the profile), specialty and office. */
export function DoctorCard({ doctor, onOpen }: DoctorCardProps) {
  const name = doctorDisplayName(doctor);
  return (
    <article className={styles.card}>
      <PersonPicture
        className={styles.photo}
        src={ownImageUrl('doctor', doctor.doctorPicture)}
        name={name}
        alt=""
        loading="lazy"
        width={320}
        height={240}
      />
      <div className={styles.body}>
        <h2 className={styles.name}>
          <button type="button" className={styles.open} onClick={() => onOpen(doctor)} aria-haspopup="dialog">
            {name}
          </button>
        </h2>
        <p className={styles.specialty}>{specialtyLabel(doctor.specialty)}</p>
        <p className={styles.office}>{doctor.officeName ?? 'Office not assigned'}</p>
        <span className={styles.more} aria-hidden="true">
          View profile →
        </span>
      </div>
    </article>
  );
}
