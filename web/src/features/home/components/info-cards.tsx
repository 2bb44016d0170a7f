import styles from '../pages/home-page.module.css';

/** The four info cards of the home page (spec §2): appointments, uniqueness, orthopedic rehab, what PT is. */
const CARDS = [
  {
    title: 'Appointments that fit your week',
    text: 'Book online once you are signed in, or call us. Most offices have openings within a few days, several stay open into the evening, and we send reminders by text or e-mail if you ask for them.',
  },
  {
    title: 'What makes us different',
    text: 'You spend your visit with a licensed therapist, not a crowded gym floor, and you usually see the same therapist each time. Physical therapy, massage and acupuncture work together under one roof.',
  },
  {
    title: 'Orthopedic rehab',
    text: 'We help you recover after joint replacement, ACL reconstruction, rotator cuff repair, fractures, sprains and strains, following your surgeon’s protocol and keeping them up to date on your progress.',
  },
  {
    title: 'What is physical therapy?',
    text: 'Physical therapists are movement experts. They find out why you hurt or cannot move the way you want, then treat it with targeted exercise, hands-on techniques and education, so you can do more on your own.',
  },
] as const;

export function InfoCards() {
  return (
    <section className={styles.section} aria-labelledby="info-title">
      <h2 id="info-title">Care built around you</h2>
      <ul className={styles.cards}>
        {CARDS.map((card) => (
          <li key={card.title} className={styles.card}>
            <h3>{card.title}</h3>
            <p>{card.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
