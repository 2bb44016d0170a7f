import type { CaptchaChallenge } from '@clinic/contract/captcha';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '../../../components/button';
import type { CaptchaSolution } from '../api/verify-captcha';
import styles from './captcha-dialog.module.css';

export interface PuzzleProps {
  challenge: CaptchaChallenge;
  imageSrc: string;
  /** Shown instead of the picture when it fails to load at both of its paths. */
  onImageError: () => void;
  onSubmit: (solution: Omit<CaptchaSolution, 'challengeId' | 'hmac'>) => void;
  busy: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Picture coordinates (0..width) of a pointer over the stage, whatever size the stage is drawn at. */
function pictureX(event: { clientX: number }, stage: HTMLElement, width: number): number {
  const rect = stage.getBoundingClientRect();
  return rect.width > 0 ? ((event.clientX - rect.left) * width) / rect.width : 0;
}

function Picture({
  src,
  alt,
  onError,
  style,
}: {
  src: string;
  alt: string;
  onError: () => void;
  style?: object;
}) {
  return (
    <img className={styles.picture} src={src} alt={alt} draggable={false} onError={onError} style={style} />
  );
}

/** Rotate: turn the picture upright with the slider, the arrow keys, the buttons, or by dragging it round. */
export function RotatePuzzle({ challenge, imageSrc, onImageError, onSubmit, busy }: PuzzleProps) {
  const [angle, setAngle] = useState(0);
  const stageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerAngle: number; startAngle: number } | null>(null);
  const sliderId = useId();

  const pointerAngle = (event: ReactPointerEvent) => {
    const rect = (stageRef.current as HTMLDivElement).getBoundingClientRect();
    const dx = event.clientX - (rect.left + rect.width / 2);
    const dy = event.clientY - (rect.top + rect.height / 2);
    return (Math.atan2(dy, dx) * 180) / Math.PI;
  };
  const turn = (by: number) => setAngle((value) => (((value + by) % 360) + 360) % 360);

  return (
    <>
      <div
        ref={stageRef}
        className={`${styles.stage} ${styles.rotateStage}`}
        style={{ aspectRatio: `${challenge.payload.width} / ${challenge.payload.height}` }}
        onPointerDown={(event) => {
          if (!stageRef.current) return;
          stageRef.current.setPointerCapture?.(event.pointerId);
          drag.current = { pointerAngle: pointerAngle(event), startAngle: angle };
        }}
        onPointerMove={(event) => {
          if (!drag.current) return;
          const delta = pointerAngle(event) - drag.current.pointerAngle;
          setAngle(Math.round((((drag.current.startAngle + delta) % 360) + 360) % 360));
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        <Picture
          src={imageSrc}
          alt="A round picture that is turned away from upright"
          onError={onImageError}
          style={{ transform: `rotate(${angle}deg)` }}
        />
      </div>
      <div className={styles.control}>
        <label htmlFor={sliderId}>Rotation</label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={359}
          step={1}
          value={angle}
          aria-valuetext={`${angle} degrees`}
          onChange={(event) => setAngle(Number(event.target.value))}
        />
        <output htmlFor={sliderId} className={styles.value}>
          {angle}°
        </output>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => turn(-15)} disabled={busy}>
          Turn left
        </Button>
        <Button variant="secondary" onClick={() => turn(15)} disabled={busy}>
          Turn right
        </Button>
        <Button onClick={() => onSubmit({ angle })} disabled={busy}>
          Check
        </Button>
      </div>
    </>
  );
}

/** Slider: move the piece into the gap by dragging it, with the slider, or with the arrow keys. */
export function SliderPuzzle({ challenge, imageSrc, onImageError, onSubmit, busy }: PuzzleProps) {
  const { width, height, piece } = challenge.payload;
  const size = piece?.size ?? 44;
  const top = piece?.y ?? (height - size) / 2;
  const max = width - size;
  const [x, setX] = useState(0);
  const stageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startPointer: number; startX: number } | null>(null);
  const sliderId = useId();

  return (
    <>
      <div
        ref={stageRef}
        className={styles.stage}
        style={{ aspectRatio: `${width} / ${height}` }}
        onPointerMove={(event) => {
          if (!drag.current || !stageRef.current) return;
          const moved = pictureX(event, stageRef.current, width) - drag.current.startPointer;
          setX(Math.round(clamp(drag.current.startX + moved, 0, max)));
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        <Picture src={imageSrc} alt="A landscape with a square gap in it" onError={onImageError} />
        <div
          className={styles.piece}
          data-testid="captcha-piece"
          aria-hidden="true"
          style={{
            left: `${(x / width) * 100}%`,
            top: `${(top / height) * 100}%`,
            width: `${(size / width) * 100}%`,
            height: `${(size / height) * 100}%`,
          }}
          onPointerDown={(event) => {
            if (!stageRef.current) return;
            event.currentTarget.parentElement?.setPointerCapture?.(event.pointerId);
            drag.current = { startPointer: pictureX(event, stageRef.current, width), startX: x };
          }}
        />
      </div>
      <div className={styles.control}>
        <label htmlFor={sliderId}>Piece position</label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={max}
          step={1}
          value={x}
          onChange={(event) => setX(Number(event.target.value))}
        />
        <output htmlFor={sliderId} className={styles.value}>
          {x}
        </output>
      </div>
      <div className={styles.actions}>
        <Button onClick={() => onSubmit({ x })} disabled={busy}>
          Check
        </Button>
      </div>
    </>
  );
}

const KEY_STEP = 8;

/** Click: click or tap the asked shape; or move the crosshair with the arrow keys and press Enter. */
export function ClickPuzzle({ challenge, imageSrc, onImageError, onSubmit, busy }: PuzzleProps) {
  const { width, height, hint } = challenge.payload;
  const [cross, setCross] = useState({ x: Math.round(width / 2), y: Math.round(height / 2) });
  const [showCross, setShowCross] = useState(false);
  const stageRef = useRef<HTMLButtonElement>(null);
  const helpId = useId();

  const onKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 2 : KEY_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setShowCross(true);
      setCross((c) => ({ x: clamp(c.x + move[0], 0, width), y: clamp(c.y + move[1], 0, height) }));
    }
  };

  return (
    <>
      <button
        ref={stageRef}
        type="button"
        aria-label={`${hint}. Picture with shapes`}
        aria-describedby={helpId}
        className={`${styles.stage} ${styles.clickStage}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        disabled={busy}
        onKeyDown={onKeyDown}
        onFocus={() => setShowCross(true)}
        onBlur={() => setShowCross(false)}
        onClick={(event) => {
          if (!stageRef.current) return;
          // Enter or Space (detail 0): the crosshair; a click or tap: where it landed.
          if (event.detail === 0) {
            onSubmit(cross);
            return;
          }
          const rect = stageRef.current.getBoundingClientRect();
          if (rect.width === 0 || rect.height === 0) return;
          onSubmit({
            x: Math.round(((event.clientX - rect.left) * width) / rect.width),
            y: Math.round(((event.clientY - rect.top) * height) / rect.height),
          });
        }}
      >
        <Picture src={imageSrc} alt="" onError={onImageError} />
        {showCross ? (
          <span
            className={styles.crosshair}
            aria-hidden="true"
            style={{ left: `${(cross.x / width) * 100}%`, top: `${(cross.y / height) * 100}%` }}
          />
        ) : null}
      </button>
      <p id={helpId} className={styles.help}>
        Click or tap it. With a keyboard, move the crosshair with the arrow keys and press Enter.
      </p>
    </>
  );
}
