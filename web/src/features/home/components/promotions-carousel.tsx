import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_TRANSITION_MS } from '@clinic/contract/constants';
import { defaultImagePath, imageUrl } from '@clinic/contract/images';
import { MSG } from '@clinic/contract/messages';
import { carouselOrder } from '@clinic/contract/promotion-status';
import type { Promotion } from '@clinic/contract/promotions';
import { Carousel } from '../../../components/carousel';
import { FallbackImage } from '../../../components/fallback-image';
import { useCarouselPromotions } from '../api/get-carousel-promotions';
import styles from './promotions-carousel.module.css';

function Slide({ promotion, first }: { promotion: Promotion; first: boolean }) {
  return (
    <div className={styles.slide}>
      <FallbackImage
        className={styles.picture}
        src={imageUrl('promotion', promotion.picture)}
        fallback={defaultImagePath('promotion')}
        alt=""
        width={480}
        height={320}
        loading={first ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className={styles.text}>
        <h3 className={styles.title}>{promotion.title}</h3>
        <p className={styles.description}>{promotion.description}</p>
      </div>
    </div>
  );
}

/**
 * The home page's promotions (spec §2 Home): one slide at a time, ascending by status. While they load,
 * a placeholder of the same size holds their place; none, or a failed load, shows 'No Active Promotions'.
 */
export function PromotionsCarousel() {
  const promotions = useCarouselPromotions();

  if (promotions.isPending) {
    return (
      <div className={styles.placeholder} role="status">
        <span className="visually-hidden">Loading promotions…</span>
      </div>
    );
  }
  // The server sends them in carousel order; ordering again keeps the rule in one visible place.
  const shown = promotions.isError ? [] : carouselOrder(promotions.data);
  if (shown.length === 0) return <p className={styles.empty}>{MSG.noActivePromotions}</p>;

  return (
    <Carousel
      label="Promotions"
      autoplayMs={CAROUSEL_AUTOPLAY_MS}
      transitionMs={CAROUSEL_TRANSITION_MS}
      slides={shown.map((promotion, index) => ({
        key: promotion.id,
        name: promotion.title,
        content: <Slide promotion={promotion} first={index === 0} />,
      }))}
    />
  );
}
