import confetti from 'canvas-confetti';
import { useEffect } from 'react';

/** Spec section 9: confetti for 3 s with 150 particles. */
export const CONFETTI_DURATION_MS = 3000;
export const CONFETTI_PARTICLES = 150;

export type ConfettiProps = { onDone?: () => void };

/** Celebrates a prediction that was not wrong; mount it to fire, it clears itself after 3 s. */
export function Confetti({ onDone }: ConfettiProps) {
  useEffect(() => {
    void confetti({ particleCount: CONFETTI_PARTICLES, spread: 100, origin: { y: 0.6 }, disableForReducedMotion: true, ticks: 300 });
    const timer = setTimeout(() => {
      confetti.reset();
      onDone?.();
    }, CONFETTI_DURATION_MS);
    return () => {
      clearTimeout(timer);
      confetti.reset();
    };
  }, []);
  return null;
}
