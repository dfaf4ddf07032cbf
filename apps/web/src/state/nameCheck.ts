import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { api } from '../api';
import { userAtom } from './session.atoms';

/** How long typing pauses before the server checks a name. */
const CHECK_DELAY_MS = 300;

/**
 * Checks a player name in a group with the server while the player types (spec section 5), as the
 * group form does: `onResult` gets the server's error code ('playerNameTaken', 'tooLong'...) or
 * undefined. Returns the function to call with each new name.
 */
export function useNameCheck(groupId: string | undefined, onResult: (error: string | undefined) => void): (name: string) => void {
  const language = useAtomValue(userAtom)?.language ?? 'en';
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (name) => {
    clearTimeout(timer.current);
    onResult(undefined);
    if (!groupId || !name.trim()) return;
    const asked = ++latest.current;
    timer.current = setTimeout(() => {
      api.checkGroup({ groupId, playerName: name, language }).then(
        (result) => asked === latest.current && onResult(result.playerNameError),
        () => undefined,
      );
    }, CHECK_DELAY_MS);
  };
}
