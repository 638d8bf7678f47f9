// Compile-time feature gates (AS1): each becomes a constant, so a gated-off tool's code is dropped from the bundle.
// Adding a feature: a key here, a `declare const __FEATURE_<KEY>__: boolean` in src/types/features.d.ts.
export const FEATURES = {
  /** The example gated tool (src/main/tools/gated-example); off in every real build. */
  EXAMPLE: false,
} as const satisfies Record<string, boolean>;

export type FeatureName = keyof typeof FEATURES;

/** `AGENT_DESK_FEATURE_<NAME>=1` turns a feature on for one build, `=0` off; unset keeps the default. */
export function featureDefines(env: Readonly<Record<string, string | undefined>> = process.env): Record<string, string> {
  const defines: Record<string, string> = {};
  for (const [name, on] of Object.entries(FEATURES)) {
    const value = env[`AGENT_DESK_FEATURE_${name}`];
    defines[`__FEATURE_${name}__`] = JSON.stringify(value === undefined ? on : value === '1');
  }
  return defines;
}
