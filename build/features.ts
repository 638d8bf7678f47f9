// Compile-time feature gates (AS1): each becomes a constant, so a gated-off tool's code is dropped from the bundle.
export const FEATURES = {} as const satisfies Record<string, boolean>;

export function featureDefines(): Record<string, string> {
  const defines: Record<string, string> = {};
  for (const [name, on] of Object.entries(FEATURES)) {
    const env = process.env[`AGENT_DESK_FEATURE_${name}`];
    defines[`__FEATURE_${name}__`] = JSON.stringify(env === undefined ? on : env === '1');
  }
  return defines;
}
