import { FAQ_PANEL_MAX_HEIGHT_PX, PRACTICE_PHONE } from '@clinic/contract/constants';
import { Accordion, type AccordionItem } from '../../../components/accordion';
import { telHref } from '../../../lib/phone-link';
import styles from '../pages/home-page.module.css';

const phone = <a href={telHref(PRACTICE_PHONE)}>{PRACTICE_PHONE}</a>;

/** Ten questions patients ask most, answered for the whole network (spec §2 Home). */
const QUESTIONS: readonly AccordionItem[] = [
  {
    key: 'referral',
    title: 'Do I need a referral from my doctor to start physical therapy?',
    content: (
      <p>
        Often not. Every US state lets you see a physical therapist directly for an evaluation, though some
        limit how long treatment can continue without a physician's referral, and some insurance plans
        (Medicare and many HMO plans among them) only pay with a referral or prescription. Call us at {phone}{' '}
        and we will check the rules for your state and your plan before your first visit.
      </p>
    ),
  },
  {
    key: 'first-visit',
    title: 'What should I bring to my first visit?',
    content: (
      <p>
        Please arrive 10 minutes early with a photo ID, your insurance card, your referral or prescription if
        your plan needs one, and a list of the medications you take. Wear or bring clothes you can move in:
        shorts for a knee or hip problem, a loose top for a shoulder or neck.
      </p>
    ),
  },
  {
    key: 'length',
    title: 'How long is a visit, and how many visits will I need?',
    content: (
      <p>
        Your first visit is a full evaluation and takes about an hour. Treatment sessions after that last 45
        to 60 minutes. How many you need depends on your condition and goals; many patients come two or three
        times a week for four to eight weeks, and your therapist reviews your progress and your plan with you
        as you go.
      </p>
    ),
  },
  {
    key: 'insurance',
    title: 'Will my insurance cover my treatment?',
    content: (
      <p>
        Most health plans cover physical therapy, usually with a copay and sometimes with a visit limit or a
        prior authorization. We verify your benefits, request any authorization your plan requires and tell
        you what you can expect to pay before you start. Massage, acupuncture and some other services are
        covered by fewer plans; we will let you know.
      </p>
    ),
  },
  {
    key: 'hurt',
    title: 'Does physical therapy hurt?',
    content: (
      <p>
        Some soreness is normal when you work muscles and joints that have been weak or stiff, much like after
        starting a new exercise routine. Treatment should not cause sharp or lasting pain. Tell your therapist
        how you feel during and after each session and they will adjust the plan.
      </p>
    ),
  },
  {
    key: 'services',
    title: 'What is the difference between physical therapy, massage and acupuncture?',
    content: (
      <p>
        Physical therapists are licensed clinicians who evaluate how you move and treat injury and pain with
        exercise, hands-on techniques and education. Licensed massage therapists focus on muscles and soft
        tissue to ease tension and improve circulation. Licensed acupuncturists use fine, sterile needles to
        help with pain and stress. At our clinics they work as one care team, so these services can support
        the same plan.
      </p>
    ),
  },
  {
    key: 'booking',
    title: 'How do I book, change or cancel an appointment?',
    content: (
      <p>
        Sign in to your patient account and choose Appointments to book a visit at the office and time that
        suit you, or call us at {phone}. If you need to cancel or reschedule, please let us know at least 24
        hours ahead so another patient can have your time.
      </p>
    ),
  },
  {
    key: 'rewards',
    title: 'How do reward points work?',
    content: (
      <p>
        You earn 1 point for each completed appointment and 1 more when you complete the rating for that
        visit. Spend your points on items and vouchers in the Rewards shop. Points are non-transferable and
        have no cash value.
      </p>
    ),
  },
  {
    key: 'new-account',
    title: 'I just registered. Why can I not see all my information yet?',
    content: (
      <p>
        After you register, it can take 2 to 48 hours for your account data (such as your insurance,
        authorizations and visit history) to load while our team links your records. You can book and sign in
        in the meantime; if something still looks wrong after two days, call us.
      </p>
    ),
  },
  {
    key: 'home-program',
    title: 'Will I have exercises to do at home?',
    content: (
      <p>
        Yes. Your therapist will give you a short home exercise program that fits your day, usually 10 to 20
        minutes, and update it as you get stronger. Doing it between visits is one of the best ways to recover
        faster and keep the results.
      </p>
    ),
  },
];

export function FaqSection() {
  return (
    <section className={styles.section} aria-labelledby="faq-title">
      <h2 id="faq-title">Frequently asked questions</h2>
      <Accordion items={QUESTIONS} headingLevel={3} maxPanelHeight={FAQ_PANEL_MAX_HEIGHT_PX} />
    </section>
  );
}
