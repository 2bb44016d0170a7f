import { PRACTICE_NAME } from '@clinic/contract/constants';
import {
  ContactDetailsSection,
  CookiesSection,
  DataCollectedSection,
  MessagingConsentSection,
  RewardsPointsSection,
  SharingSection,
} from '../components/policy-sections';
import { StaticPage } from '../components/static-page';

export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what {PRACTICE_NAME} collects through this website and your patient account,
          how we use it and the choices you have. Your health information is also protected by federal law
          (HIPAA); our Notice of Privacy Practices, available at every office, describes those rights.
        </p>
      }
    >
      <DataCollectedSection />
      <section>
        <h2>How we use it</h2>
        <p>
          We use your information to schedule and provide your treatment, verify insurance and authorizations,
          bill for services, send the reminders you asked for, run the reward points program and improve our
          care from your ratings.
        </p>
      </section>
      <SharingSection />
      <MessagingConsentSection />
      <CookiesSection />
      <RewardsPointsSection />
      <section>
        <h2>Keeping your information safe</h2>
        <p>
          Access to patient records is limited to the staff who need it for your care, every access is logged,
          and the site is served over an encrypted connection.
        </p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          You can review and update your profile and communication preferences in your patient dashboard at
          any time. To ask for a copy of your information or a correction, contact us.
        </p>
      </section>
      <ContactDetailsSection />
    </StaticPage>
  );
}
