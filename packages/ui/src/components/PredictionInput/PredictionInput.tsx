import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { acceptsPredictionKey, formatScore, parsePredictionInput, predictionKeyText, type Score } from '@scorecast/rules';
import * as styles from './PredictionInput.css';

export type PredictionInputProps = {
  /** The saved prediction; the field falls back to it when left with an invalid value. */
  saved: Score | undefined;
  /** Accessible name, e.g. 'Your prediction for Spain against Croatia'. */
  label: string;
  placeholder?: string;
  /** Saves a new score; a promise that resolves to false means the server refused it. */
  onSave: (score: Score) => void | Promise<boolean>;
  onFocus?: () => void;
  onClick?: () => void;
  /** It opens a picker (phones): no on-screen keyboard comes up for it. */
  picker?: boolean;
};

const textOf = (score: Score | undefined) => (score ? formatScore(score) : '');

/**
 * A whole score typed is saved after this pause, without leaving the field: a score typed just
 * before kickoff, or before a reload, was lost while the caret stayed in it. The pause lets a
 * second digit come (1:1 on the way to 1:10 is not sent).
 */
export const SAVE_AFTER_PAUSE_MS = 800;

/** Enter jumps along the schedule: every prediction input on the page carries this marker. */
const MARKER = 'data-prediction-input';

/** Moves on to the next game's input; the last one is left, which saves it as any leaving does. */
function focusNextPrediction(current: HTMLInputElement) {
  const inputs = [...document.querySelectorAll<HTMLInputElement>(`[${MARKER}]`)];
  const next = inputs[inputs.indexOf(current) + 1];
  // Selected, what is typed replaces the score it holds: appended, 0:2 and a 9 saved 0:29.
  if (next) {
    next.focus();
    next.select();
  } else current.blur();
}

/**
 * The prediction input `step` places before (-1) or after (1) the one inside `container`, along the
 * page's schedule; undefined at either end.
 */
export function neighbourPredictionInput(container: Element, step: 1 | -1): HTMLInputElement | undefined {
  const inputs = [...document.querySelectorAll<HTMLInputElement>(`[${MARKER}]`)];
  const own = inputs.findIndex((input) => container.contains(input));
  return own < 0 ? undefined : inputs[own + step];
}

/** The score field of a game, with the key rules of spec section 5. */
export function PredictionInput({ saved, label, placeholder, onSave, onFocus, onClick, picker = false }: PredictionInputProps) {
  const [text, setText] = useState(textOf(saved));
  const savedRef = useRef(saved);
  savedRef.current = saved;
  const savedText = textOf(saved);
  useEffect(() => setText(savedText), [savedText]);
  const typed = useRef({ text, onSave });
  typed.current = { text, onSave };

  /** Saves a score unless it is the saved one; a refused save leaves the field showing what is really saved (spec section 8). */
  const save = useCallback((score: Score | undefined) => {
    const kept = savedRef.current;
    if (!score || (score.homeGoals === kept?.homeGoals && score.awayGoals === kept?.awayGoals)) return;
    void Promise.resolve(typed.current.onSave(score)).then((accepted) => accepted === false && setText(textOf(savedRef.current)));
  }, []);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const type = (next: string) => {
    setText(next);
    clearTimeout(pause.current);
    if (parsePredictionInput(next)) pause.current = setTimeout(() => save(parsePredictionInput(typed.current.text)), SAVE_AFTER_PAUSE_MS);
  };
  // Taken away while typed in (its game kicked off): what was typed is saved as a blur would, so the
  // save's answer tells the player why it did not count instead of the score vanishing unsaid.
  useEffect(
    () => () => {
      clearTimeout(pause.current);
      save(parsePredictionInput(typed.current.text));
    },
    [save],
  );

  // Where the caret goes after a key this field types itself (see predictionKeyText).
  const field = useRef<HTMLInputElement>(null);
  const caret = useRef<number>(undefined);
  useLayoutEffect(() => {
    if (caret.current === undefined) return;
    field.current?.setSelectionRange(caret.current, caret.current);
    caret.current = undefined;
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const selected = input.value.slice(start, end);
    // A key that types another character than its own (the dash a colon) is typed here.
    const typedText = predictionKeyText(event.key);
    if (typedText !== event.key && acceptsPredictionKey({ key: typedText }, input.value, selected)) {
      event.preventDefault();
      caret.current = start + typedText.length;
      type(`${input.value.slice(0, start)}${typedText}${input.value.slice(end)}`);
      return;
    }
    if (!acceptsPredictionKey(event, input.value, selected)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      focusNextPrediction(input);
    }
  };

  // The click that puts the pointer into the field selects its score, so typing replaces it (the
  // caret where the pointer was made 200:1 of 0:0 typed over 2:1); a later click places the caret.
  const selectOnRelease = useRef(false);
  const onMouseDown = (event: MouseEvent<HTMLInputElement>) => {
    selectOnRelease.current = document.activeElement !== event.currentTarget;
  };
  const onMouseUp = (event: MouseEvent<HTMLInputElement>) => {
    if (!selectOnRelease.current) return;
    selectOnRelease.current = false;
    event.preventDefault();
    event.currentTarget.select();
  };

  const onBlur = () => {
    clearTimeout(pause.current);
    const score = parsePredictionInput(text);
    setText(score ? formatScore(score) : textOf(saved));
    save(score);
  };

  return (
    <input
      {...{ [MARKER]: '' }}
      ref={field}
      className={styles.input}
      aria-label={label}
      inputMode={picker ? 'none' : 'numeric'}
      autoComplete="off"
      placeholder={placeholder}
      value={text}
      onChange={(event) => type(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onMouseDown={onMouseDown}
      onMouseUp={onMouseUp}
      onFocus={onFocus}
      onClick={onClick}
    />
  );
}
