// A tool's answer for the approval prompt, or null once `ms` passed: a slow disk never holds the prompt.
export async function answerWithin<T>(ask: () => Promise<T> | T, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ms);
    });
    return await Promise.race([Promise.resolve().then(ask), late]);
  } finally {
    clearTimeout(timer);
  }
}
