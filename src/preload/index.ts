// Preload placeholder.
export {};
