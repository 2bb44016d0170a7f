import { PRACTICE_NAME } from '@clinic/contract/constants';
import { Link } from 'react-router';
import {
  ContactDetailsSection,
  MessagingConsentSection,
  RewardsPointsSection,
} from '../components/policy-sections';
import { StaticPage } from '../components/static-page';

export function TermsPage() {
  return (
    <StaticPage
      title="Terms of Use"
      intro={
        <p>
          These terms apply to the {PRACTICE_NAME} website and patient accounts. By using the site you agree
          to them. Please read them together with our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      }
    >
      <section>
        <h2>Using this site</h2>
        <p>
          The information on this site is general and is not a substitute for an evaluation by a licensed
          clinician. If you have a medical emergency, call 911. Please do not use e-mail or text messages for
          urgent medical questions.
        </p>
      </section>
      <section>
        <h2>Your account</h2>
        <p>
          Keep your username and password to yourself and give us accurate details. You are responsible for
          activity in your account. For your security we sign you out after a period of inactivity. Tell us at
          once if you think someone else has used your account.
        </p>
      </section>
      <section>
        <h2>Appointments</h2>
        <p>
          You can book appointments online or by phone. If you cannot come, cancel or call us as early as you
          can so that another patient can use the time. Your insurance plan decides what it covers; we check
          your coverage and authorizations but cannot guarantee payment by your insurer.
        </p>
      </section>
      <MessagingConsentSection />
      <RewardsPointsSection />
      <section>
        <h2>Your information</h2>
        <p>
          We collect your name, e-mail address, phone number and insurance details to schedule and bill for
          your care. We do not share them with third parties for marketing, and we use only the cookies needed
          to keep you signed in, with no advertising trackers. The <Link to="/privacy">Privacy Policy</Link>{' '}
          has the details.
        </p>
      </section>
      <section>
        <h2>Changes to these terms</h2>
        <p>
          We may update these terms. The date at the top shows the latest version; continuing to use the site
          after a change means you accept it.
        </p>
      </section>
      <ContactDetailsSection />
    </StaticPage>
  );
}
