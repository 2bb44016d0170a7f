import {
  POINTS_PER_COMPLETED_APPOINTMENT,
  POINTS_PER_RATING,
  PRACTICE_EMAIL,
  PRACTICE_NAME,
  PRACTICE_PHONE,
  WELCOME_POINTS,
} from '@clinic/contract/constants';
import { EmailAddress } from '../../../components/email-address';
import { telHref } from '../../../lib/phone-link';

/*
 * The statements the terms, privacy and contact pages all carry (spec §2 Static pages), written once.
 */

function points(n: number): string {
  return `${n} ${n === 1 ? 'point' : 'points'}`;
}

export function PhoneLink() {
  return <a href={telHref(PRACTICE_PHONE)}>{PRACTICE_PHONE}</a>;
}

export function EmailLink() {
  return (
    <a href={`mailto:${PRACTICE_EMAIL}`}>
      <EmailAddress address={PRACTICE_EMAIL} />
    </a>
  );
}

export function MessagingConsentSection() {
  return (
    <section>
      <h2>Text message and e-mail consent</h2>
      <p>
        When you give us your mobile number or e-mail address and opt in, you agree to receive text messages
        and e-mails from {PRACTICE_NAME} about your care: appointment reminders, insurance authorization
        reminders and, only if you choose them, promotions and reward news. You choose each kind of message in
        the communication preferences of your patient dashboard.
      </p>
      <ul>
        <li>Message frequency varies with your appointments and the preferences you choose.</li>
        <li>Message and data rates may apply.</li>
        <li>
          Reply <strong>STOP</strong> to any text message to opt out. We will confirm and send no further
          texts.
        </li>
        <li>
          Reply <strong>HELP</strong> for help, or call us at <PhoneLink />.
        </li>
        <li>
          To stop e-mails, use the unsubscribe link in the e-mail or change your communication preferences.
        </li>
        <li>Consent to receive messages is not a condition of receiving care.</li>
        <li>Mobile carriers are not liable for delayed or undelivered messages.</li>
      </ul>
      <p>
        We never sell your mobile number or share your messaging consent with third parties for their
        marketing.
      </p>
    </section>
  );
}

export function RewardsPointsSection() {
  return (
    <section>
      <h2>Reward points</h2>
      <p>
        Patients earn reward points for taking part in their care: {points(WELCOME_POINTS)} as a welcome bonus
        when you register, {points(POINTS_PER_COMPLETED_APPOINTMENT)} for each appointment booked on this site
        and completed, and {points(POINTS_PER_RATING)} for each private rating you leave after a visit. Points
        can be redeemed only for the rewards listed on our Rewards page.
      </p>
      <ul>
        <li>Points are non-transferable and have no cash value.</li>
        <li>
          Earning a point for a rating never depends on what the rating says. Honest feedback, positive or
          negative, earns the same point.
        </li>
        <li>
          Points and rewards never influence your clinical care. Your clinician decides your treatment on
          clinical grounds alone.
        </li>
        <li>
          We follow federal and state rules on patient incentives; where they limit rewards for some patients,
          such as those covered by government health programs, those limits apply.
        </li>
        <li>
          We may change or end the program, or correct points awarded in error, at any time. {PRACTICE_NAME}{' '}
          is not liable for points that are corrected or lost through misuse of an account.
        </li>
      </ul>
    </section>
  );
}

export function DataCollectedSection() {
  return (
    <section>
      <h2>Information we collect</h2>
      <p>We collect only what we need to schedule, provide and bill for your care:</p>
      <ul>
        <li>your name, e-mail address and phone number;</li>
        <li>your date of birth and sex, to match you with your records;</li>
        <li>your insurance details: insurer, subscriber, coverage and authorizations;</li>
        <li>your appointments, the notes you share with us and the ratings you leave;</li>
        <li>your username and password (the password is stored only in hashed form).</li>
      </ul>
    </section>
  );
}

export function SharingSection() {
  return (
    <section>
      <h2>How we share information</h2>
      <p>
        We do not sell your information and we do not share it with third parties for marketing. We share it
        only when that is needed to provide your care or bill for it (for example with your insurance company
        to verify coverage and submit claims, or with service providers bound by confidentiality agreements),
        and when the law requires it.
      </p>
    </section>
  );
}

export function CookiesSection() {
  return (
    <section>
      <h2>Cookies and local storage</h2>
      <p>
        We use only what the site needs to work. Your browser keeps a sign-in token so that you stay signed
        in, and a short-lived cookie may be set when you pass the security check during registration. We do
        not use advertising or cross-site tracking cookies. Signing out removes the stored sign-in
        information.
      </p>
    </section>
  );
}

export function ContactDetailsSection({ title = 'Contact us' }: { title?: string }) {
  return (
    <section>
      <h2>{title}</h2>
      <p>
        Questions about these pages, your account or your information? Call us at <PhoneLink /> or e-mail{' '}
        <EmailLink />.
      </p>
    </section>
  );
}
