import confetti from 'canvas-confetti';
import { useEffect, useRef } from 'react';

/** Spec section 9: confetti for 3 s with 150 particles. */
export const CONFETTI_DURATION_MS = 3000;
export const CONFETTI_PARTICLES = 150;

export type ConfettiProps = { onDone?: () => void };

/** Celebrates a prediction that was not wrong; mount it to fire, it clears itself after 3 s. */
export function Confetti({ onDone }: ConfettiProps) {
  // Fired once per mount: a new onDone from the parent must not restart the celebration.
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  });
  useEffect(() => {
    void confetti({ particleCount: CONFETTI_PARTICLES, spread: 100, origin: { y: 0.6 }, disableForReducedMotion: true, ticks: 300 });
    const timer = setTimeout(() => {
      confetti.reset();
      doneRef.current?.();
    }, CONFETTI_DURATION_MS);
    return () => {
      clearTimeout(timer);
      confetti.reset();
    };
  }, []);
  return null;
}
