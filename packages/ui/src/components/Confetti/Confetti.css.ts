// canvas-confetti draws on its own full-screen canvas; the component has no styles of its own.
export {};
