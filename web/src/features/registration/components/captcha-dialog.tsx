import type { CaptchaChallenge } from '@clinic/contract/captcha';
import { MSG } from '@clinic/contract/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { StatusMessage } from '../../../components/status-message';
import { API_BASE, errorMessage } from '../../../lib/api-client';
import { useNewCaptcha } from '../api/new-captcha';
import { type CaptchaSolution, useVerifyCaptcha } from '../api/verify-captcha';
import styles from './captcha-dialog.module.css';
import { ClickPuzzle, type PuzzleProps, RotatePuzzle, SliderPuzzle } from './captcha-puzzles';

interface CaptchaDialogProps {
  open: boolean;
  /** The server has set the HPASS pass: the caller retries what needed it. */
  onPassed: () => void;
  onClose: () => void;
}

const PUZZLES: Record<CaptchaChallenge['type'], (props: PuzzleProps) => React.ReactNode> = {
  rotate: RotatePuzzle,
  slider: SliderPuzzle,
  click: ClickPuzzle,
};

/** The picture's address through the app's API base; the spec's fallback path when the first fails. */
function pictureUrl(imageUrl: string, fallback: boolean): string {
  const path = fallback ? imageUrl.replace('/captcha/render/', '/captcha/images/') : imageUrl;
  return path.startsWith('/api/') ? `${API_BASE}${path.slice('/api'.length)}` : path;
}

/**
 * The captcha challenge of spec §4 and §7 in an accessible dialog: the server picks rotate, slider or click,
 * each usable by mouse, touch and keyboard. A failed answer says so and brings a new challenge.
 */
export function CaptchaDialog({ open, onPassed, onClose }: CaptchaDialogProps) {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fallbackImage, setFallbackImage] = useState(false);
  const newCaptcha = useNewCaptcha();
  const verifyCaptcha = useVerifyCaptcha();
  const requestChallenge = useRef(newCaptcha.mutate);
  requestChallenge.current = newCaptcha.mutate;

  const load = useCallback(() => {
    setChallenge(null);
    setLoadFailed(false);
    setFallbackImage(false);
    requestChallenge.current(undefined, {
      onSuccess: (next) => setChallenge(next),
      onError: () => setLoadFailed(true),
    });
  }, []);

  useEffect(() => {
    if (open) {
      setFailure(null);
      load();
    } else {
      setChallenge(null);
    }
  }, [open, load]);

  const submit = (solution: Omit<CaptchaSolution, 'challengeId' | 'hmac'>) => {
    if (!challenge) return;
    setFailure(null);
    verifyCaptcha.mutate(
      { challengeId: challenge.challengeId, hmac: challenge.hmac, ...solution },
      {
        onSuccess: () => onPassed(),
        onError: (error) => {
          setFailure(errorMessage(error) || MSG.captchaFailed);
          // A challenge is used up by any answer: the next try needs a new one.
          load();
        },
      },
    );
  };

  const Puzzle = challenge ? PUZZLES[challenge.type] : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Confirm you are a person"
      footer={
        <Button variant="secondary" onClick={load} disabled={newCaptcha.isPending || verifyCaptcha.isPending}>
          New challenge
        </Button>
      }
    >
      <div className={styles.body}>
        <p className={styles.intro}>One more step before we create your account.</p>
        {failure ? <StatusMessage tone="error">{failure}</StatusMessage> : null}
        {loadFailed ? <StatusMessage tone="error">{MSG.captchaLoadFailed}</StatusMessage> : null}
        {challenge && Puzzle ? (
          <div className={styles.puzzle} data-captcha-type={challenge.type}>
            <p className={styles.hint} id={`hint-${challenge.challengeId}`}>
              {challenge.payload.hint}
            </p>
            <Puzzle
              key={challenge.challengeId}
              challenge={challenge}
              imageSrc={pictureUrl(challenge.payload.imageUrl, fallbackImage)}
              onImageError={() => {
                if (fallbackImage) setLoadFailed(true);
                else setFallbackImage(true);
              }}
              onSubmit={submit}
              busy={verifyCaptcha.isPending}
            />
          </div>
        ) : !loadFailed ? (
          <p className={styles.loading} role="status">
            Loading a challenge…
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
