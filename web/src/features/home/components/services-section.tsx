import styles from '../pages/home-page.module.css';

/** The services section of the home page (spec §2): beyond physical therapy itself. */
const SERVICES = [
  {
    title: 'Massage therapy',
    text: 'Therapeutic and sports massage by licensed massage therapists to ease muscle tension, improve circulation and support your recovery plan.',
  },
  {
    title: 'Acupuncture',
    text: 'Licensed acupuncturists use fine, sterile, single-use needles to help relieve back and neck pain, headaches and stress, alongside your other care.',
  },
  {
    title: 'Pressotherapy',
    text: 'Air-filled sleeves inflate in gentle waves to encourage circulation and lymph flow in the legs or arms, easing swelling after surgery or a long day on your feet. Your therapist checks first that it is safe for you.',
  },
  {
    title: 'Cold laser therapy',
    text: 'Low-level laser therapy uses light at low intensity, with no heat and no pain, to support healing of sore tendons and joints as part of an exercise-based plan.',
  },
  {
    title: 'Chiropractic care',
    text: 'At selected offices, licensed chiropractors treat back and neck pain with spinal and joint adjustments, coordinated with your physical therapy.',
  },
] as const;

export function ServicesSection() {
  return (
    <section className={styles.section} aria-labelledby="services-title">
      <h2 id="services-title">Our services</h2>
      <p className={styles.sectionLead}>
        Physical therapy is at the heart of every plan. These services round it out when they can help you get
        better faster.
      </p>
      <ul className={`${styles.cards} ${styles.services}`}>
        {SERVICES.map((service) => (
          <li key={service.title} className={styles.service}>
            <h3>{service.title}</h3>
            <p>{service.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
