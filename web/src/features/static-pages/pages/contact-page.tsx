import { PRACTICE_NAME } from '@clinic/contract/constants';
import { Link } from 'react-router';
import { isImplementedPath } from '../../../lib/page-paths';
import { EmailLink, PhoneLink } from '../components/policy-sections';
import { StaticPage } from '../components/static-page';

const CALL_CENTER_HOURS = [
  { days: 'Monday to Friday', hours: '7:00 am to 7:00 pm' },
  { days: 'Saturday', hours: '8:00 am to 1:00 pm' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

const OFFICE_PATH = '/office';

export function ContactPage() {
  const officePage = isImplementedPath(OFFICE_PATH) ? (
    <Link to={OFFICE_PATH}>Office page</Link>
  ) : (
    'Office page'
  );
  return (
    <StaticPage
      title="Contact Us"
      intro={
        <p>
          Our patient call center helps with appointments, insurance and billing questions, your account and
          reward points.
        </p>
      }
    >
      <section>
        <h2>Call or e-mail</h2>
        <dl>
          <dt>Phone</dt>
          <dd>
            <PhoneLink />
          </dd>
          <dt>E-mail</dt>
          <dd>
            <EmailLink />
          </dd>
        </dl>
        <h3>Call center hours (Eastern Time)</h3>
        <dl>
          {CALL_CENTER_HOURS.map((row) => (
            <div key={row.days}>
              <dt>{row.days}</dt>
              <dd>{row.hours}</dd>
            </div>
          ))}
        </dl>
        <p>
          If you have a medical emergency, call 911. Please do not use e-mail for urgent medical questions.
        </p>
      </section>
      <section>
        <h2>Visiting an office</h2>
        <p>
          Each {PRACTICE_NAME} office keeps its own hours. Addresses, opening hours for the next seven days,
          maps and each office's direct phone number and e-mail are on our {officePage}.
        </p>
      </section>
      <section>
        <h2>Messages, privacy and reward points</h2>
        <ul>
          <li>
            Text messages and e-mails are sent only with your consent. Message frequency varies; message and
            data rates may apply. Reply <strong>STOP</strong> to opt out or <strong>HELP</strong> for help.
          </li>
          <li>
            We collect your name, e-mail address, phone number and insurance details to provide and bill for
            your care, and we do not share them with third parties for marketing.
          </li>
          <li>We use only the cookies needed to keep you signed in; there are no advertising trackers.</li>
          <li>
            Reward points earned for treatment, booking and ratings are non-transferable, have no cash value,
            never depend on what a rating says and never influence your clinical care.
          </li>
        </ul>
        <p>
          Read the full <Link to="/terms">Terms of Use</Link> and <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </section>
    </StaticPage>
  );
}
