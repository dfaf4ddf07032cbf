import { Confetti } from '@scorecast/ui';

/** The ui's confetti as a default export, for React.lazy. */
export default Confetti;
