import { HydrateLater } from '../../../components/hydrate-later';
import { FaqSection } from './faq-section';
import { InfoCards } from './info-cards';
import { RewardsSection } from './rewards-section';
import { ServicesSection } from './services-section';

/** Everything of the home page below the promotions: its own chunk, fetched as the page starts. */
export function HomeDetails() {
  return (
    <>
      {/* Each section hydrates in a task of its own (src/components/hydrate-later.tsx). */}
      <HydrateLater>
        <InfoCards />
      </HydrateLater>
      <HydrateLater>
        <ServicesSection />
      </HydrateLater>
      <HydrateLater>
        <RewardsSection />
      </HydrateLater>
      <HydrateLater>
        <FaqSection />
      </HydrateLater>
    </>
  );
}
