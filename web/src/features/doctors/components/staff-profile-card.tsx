import { type Doctor, doctorDisplayName, specialtyLabel } from '@clinic/contract/doctors';
import { ownImageUrl } from '@clinic/contract/images';
import { MSG } from '@clinic/contract/messages';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { TextField } from '../../../components/form-field';
import { PersonPicture } from '../../../components/person-picture';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateDoctorDetails } from '../api/update-doctor-details';
import { StaffDetailsFields } from './staff-details-fields';
import styles from './staff-profile-card.module.css';

interface ProfileForm {
  firstName: string;
  lastName: string;
  bio: string;
  doctorPicture: string;
}

const formOf = (doctor: Doctor): ProfileForm => ({
  firstName: doctor.firstName,
  lastName: doctor.lastName,
  bio: doctor.bio,
  doctorPicture: doctor.doctorPicture,
});

/**
 * The doctor dashboard's profile card (spec §2) with an edit mode: a member of staff changes their own
 * name, bio and picture; specialty, office and rating are the administrator's (the server says so too).
 */
export function StaffProfileCard({ doctor, onSaved }: { doctor: Doctor; onSaved: (doctor: Doctor) => void }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ProfileForm>(() => formOf(doctor));
  const [saved, setSaved] = useState(false);
  const [namesMissing, setNamesMissing] = useState(false);
  const update = useUpdateDoctorDetails();

  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  function startEditing() {
    setForm(formOf(doctor));
    setSaved(false);
    setNamesMissing(false);
    update.reset();
    setEditing(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.firstName.trim() || !form.lastName.trim()) {
      setNamesMissing(true);
      return;
    }
    setNamesMissing(false);
    update.mutate(
      { doctorId: doctor.doctorId, details: form },
      {
        onSuccess: (updated) => {
          setSaved(true);
          setEditing(false);
          onSaved(updated);
        },
      },
    );
  }

  return (
    <section className={styles.card} aria-labelledby="profile-title">
      <h2 id="profile-title">My profile</h2>
      {editing ? (
        <Form
          onSubmit={submit}
          className={styles.form}
          error={update.isError ? errorMessage(update.error) : null}
        >
          <div className={styles.names}>
            <TextField
              label="First name"
              required
              value={form.firstName}
              maxLength={100}
              onChange={(event) => set('firstName', event.target.value)}
              error={namesMissing && !form.firstName.trim() ? MSG.namesRequired : undefined}
            />
            <TextField
              label="Last name"
              required
              value={form.lastName}
              maxLength={100}
              onChange={(event) => set('lastName', event.target.value)}
              error={namesMissing && !form.lastName.trim() ? MSG.namesRequired : undefined}
            />
          </div>
          <StaffDetailsFields
            bio={form.bio}
            doctorPicture={form.doctorPicture}
            onBio={(bio) => set('bio', bio)}
            onPicture={(name) => set('doctorPicture', name)}
            uploadPrefix={doctor.username ?? 'staff'}
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </Form>
      ) : (
        <div className={styles.view}>
          <PersonPicture
            className={styles.photo}
            src={ownImageUrl('doctor', doctor.doctorPicture)}
            name={doctorDisplayName(doctor)}
            alt=""
            width={160}
            height={160}
          />
          <div>
            <p className={styles.name}>{doctorDisplayName(doctor)}</p>
            <dl className={styles.facts}>
              <dt>Specialty</dt>
              <dd>{specialtyLabel(doctor.specialty) || 'Not set'}</dd>
              <dt>Office</dt>
              <dd>{doctor.officeName ?? 'No office'}</dd>
              {doctor.username ? (
                <>
                  <dt>Username</dt>
                  <dd>{doctor.username}</dd>
                </>
              ) : null}
            </dl>
            <p className={styles.bio}>{doctor.bio || 'No bio yet.'}</p>
            <StatusMessage tone="success">{saved ? MSG.doctorInfoUpdated : null}</StatusMessage>
            <Button variant="secondary" onClick={startEditing}>
              Edit profile
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
