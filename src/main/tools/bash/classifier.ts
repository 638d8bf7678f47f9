// Bash's safety-classifier seam (PL3/PL4d): the pipeline starts the classifier next to the pre-hook;
// until the analysis issue (BA1–BA3) fills it in, Bash's classifier has no opinion.
import type { SafetyClassifier } from '../pipeline/deps';

/** Never allows, never asks: the permission stage decides as if there were no classifier. */
export const nullClassifier: SafetyClassifier = {
  classify: async () => ({ verdict: 'none' }),
};
