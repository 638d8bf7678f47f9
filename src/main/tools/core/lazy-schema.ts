// lazySchema (TC4): a schema is built on first use, so importing every tool module costs nothing.
/** Wraps a schema factory; the factory runs once, on the first call (a throwing factory is retried). */
export function lazySchema<T>(factory: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    if (built === undefined) built = { value: factory() };
    return built.value;
  };
}
