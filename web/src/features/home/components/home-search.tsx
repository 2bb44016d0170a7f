import { doctorDisplayName, specialtyLabel } from '@clinic/contract/doctors';
import { ownImageUrl } from '@clinic/contract/images';
import type { Role } from '@clinic/contract/roles';
import { type FormEvent, useId, useState } from 'react';
import { EmailAddress } from '../../../components/email-address';
import { Form } from '../../../components/form-card';
import { PersonPicture } from '../../../components/person-picture';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useHomeSearch } from '../api/home-search';
import type { HomeSearchResult } from '../lib/home-search';
import styles from './home-search.module.css';

const ACCEPTANCE_TEXT: Record<string, string> = {
  yes: 'Accepted at our clinics',
  no: 'Not accepted',
  patient: "Depends on the patient's plan",
};

function Result({ result }: { result: HomeSearchResult }) {
  switch (result.kind) {
    case 'message':
      return <StatusMessage tone="info">{result.message}</StatusMessage>;
    case 'insurance': {
      const { insurance } = result;
      return (
        <article className={styles.card} aria-label="Insurance">
          <p className={styles.kind}>Insurance</p>
          <h3 className={styles.name}>{insurance.insName}</h3>
          <dl className={styles.facts}>
            {insurance.coverageName ? (
              <div>
                <dt>Coverage</dt>
                <dd>{insurance.coverageName}</dd>
              </div>
            ) : null}
            <div>
              <dt>Acceptance</dt>
              <dd>
                {ACCEPTANCE_TEXT[insurance.acceptance.trim().toLowerCase()] ??
                  (insurance.acceptance || 'Ask us')}
              </dd>
            </div>
            {insurance.authorization ? (
              <div>
                <dt>Authorization</dt>
                <dd>{insurance.authorization}</dd>
              </div>
            ) : null}
          </dl>
        </article>
      );
    }
    case 'doctor': {
      const { doctor } = result;
      return (
        <article className={`${styles.card} ${styles.withPicture}`} aria-label="Care team member">
          <PersonPicture
            className={styles.picture}
            src={ownImageUrl('doctor', doctor.doctorPicture)}
            name={doctorDisplayName(doctor)}
            alt=""
            width={96}
            height={96}
            loading="lazy"
          />
          <div>
            <p className={styles.kind}>Care team</p>
            <h3 className={styles.name}>{doctorDisplayName(doctor)}</h3>
            <p className={styles.detail}>
              {specialtyLabel(doctor.specialty)}
              {doctor.officeName ? ` · ${doctor.officeName}` : ''}
            </p>
          </div>
        </article>
      );
    }
    case 'patient': {
      const { patient } = result;
      return (
        <article className={styles.card} aria-label="Patient">
          <p className={styles.kind}>Patient</p>
          <h3 className={styles.name}>
            {patient.firstName} {patient.lastName}
          </h3>
          <dl className={styles.facts}>
            <div>
              <dt>Date of birth</dt>
              <dd>{patient.dateOfBirth || '—'}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{patient.phoneNumber || '—'}</dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>{patient.email ? <EmailAddress address={patient.email} /> : '—'}</dd>
            </div>
          </dl>
        </article>
      );
    }
  }
}

/**
 * The home page search for signed-in users (spec §5): it runs when Enter is pressed, never while typing,
 * and shows only the first result. Patients find insurance and care-team members; staff find patients.
 */
export function HomeSearch({ role }: { role: Role }) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const search = useHomeSearch(role, query);
  const isPatient = role === 'PATIENT';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = text.trim();
    // The same words again look again: records may have changed since.
    if (next !== '' && next === query) void search.refetch();
    else setQuery(next);
  };

  return (
    <search className={styles.search}>
      <Form onSubmit={onSubmit} className={styles.form}>
        <label htmlFor={inputId} className={styles.label}>
          {isPatient ? 'Search insurance and our care team' : 'Search patients'}
        </label>
        <input
          id={inputId}
          className={styles.input}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={isPatient ? 'Insurance name, or a therapist' : 'First or last name'}
          aria-describedby={hintId}
        />
        <p id={hintId} className={styles.hint}>
          Press Enter to search.
        </p>
      </Form>
      <div className={styles.result} aria-live="polite">
        {query === '' ? null : search.isPending ? (
          <p className={styles.detail}>Searching…</p>
        ) : search.isError ? (
          <StatusMessage tone="error">Search failed: {errorMessage(search.error)}</StatusMessage>
        ) : search.data ? (
          <Result result={search.data} />
        ) : null}
      </div>
    </search>
  );
}
