import { defaultImagePath, imageUrl } from '@clinic/contract/images';
import type { InventoryItem } from '@clinic/contract/inventory';
import { MSG } from '@clinic/contract/messages';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { FallbackImage } from '../../../components/fallback-image';
import { hasPicture, pointsText } from './inventory-values';
import styles from './reward-card.module.css';

/** What the card offers: a Buy button for a patient (with why it is disabled), or the login hint. */
export type RewardAction =
  | { kind: 'buy'; onBuy: () => void; disabledReason: string | null }
  | { kind: 'login-hint'; signedOut: boolean };

/** A reward on sale (spec §2): picture only when it has one, title, description, price, and the action. */
export function RewardCard({ item, action }: { item: InventoryItem; action: RewardAction }) {
  const titleId = useId();
  const hintId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      {hasPicture(item.picture) ? (
        <FallbackImage
          className={styles.picture}
          src={imageUrl('inventory', item.picture)}
          fallback={defaultImagePath('inventory')}
          alt=""
          loading="lazy"
          width={320}
          height={200}
        />
      ) : null}
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {item.title}
        </h2>
        <p className={styles.price}>{pointsText(item.price)}</p>
        <p className={styles.description}>{item.description}</p>
        <div className={styles.footer}>
          {action.kind === 'buy' ? (
            <>
              <Button
                block
                onClick={action.onBuy}
                disabled={action.disabledReason !== null}
                aria-label={`Buy ${item.title}`}
                aria-describedby={action.disabledReason ? hintId : undefined}
              >
                Buy
              </Button>
              {action.disabledReason ? (
                <p id={hintId} className={styles.hint}>
                  {action.disabledReason}
                </p>
              ) : null}
            </>
          ) : (
            <p className={styles.hint}>
              {MSG.loginToRedeem}
              {action.signedOut ? (
                <>
                  {' '}
                  <Link to="/login/patient">Patient login</Link>
                </>
              ) : null}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
