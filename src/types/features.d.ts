// Compile-time feature constants (AS1), replaced by `define` from build/features.ts; one line per FEATURES key.
declare const __FEATURE_EXAMPLE__: boolean;
