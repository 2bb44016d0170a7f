import { FaqSection } from './faq-section';
import { InfoCards } from './info-cards';
import { RewardsSection } from './rewards-section';
import { ServicesSection } from './services-section';

/** Everything of the home page below the promotions: its own chunk, fetched as the page starts. */
export function HomeDetails() {
  return (
    <>
      <InfoCards />
      <ServicesSection />
      <RewardsSection />
      <FaqSection />
    </>
  );
}
