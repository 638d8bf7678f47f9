// The string replacement itself, on "\n"-normalised text: exact match first, then curly/straight
// quote normalisation (keeping the file's quote style in new_string); unique unless replace_all.
import { findActualString, preserveQuoteStyle } from '../fs-common/quotes';
import { EDIT_ERROR } from './codes';
import { nearestLinesText } from './nearest-lines';

export type AppliedEdit =
  | {
      ok: true;
      newTextLF: string;
      actualOld: string;
      actualNew: string;
      replacements: number;
      quoteNormalized: boolean;
    }
  | { ok: false; message: string; errorCode: number };

function countOccurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

export function applyEdit(contentLF: string, oldLF: string, newLF: string, replaceAll: boolean): AppliedEdit {
  const actualOld = findActualString(contentLF, oldLF);
  if (actualOld === null) {
    return {
      ok: false,
      errorCode: EDIT_ERROR.noMatch,
      message: `String to replace not found in file.\nString: ${oldLF}\n\n${nearestLinesText(contentLF, oldLF)}`,
    };
  }
  const count = countOccurrences(contentLF, actualOld);
  if (count > 1 && !replaceAll) {
    return {
      ok: false,
      errorCode: EDIT_ERROR.multipleMatches,
      message:
        `Found ${count} matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. ` +
        `To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: ${oldLF}`,
    };
  }
  const actualNew = preserveQuoteStyle(oldLF, actualOld, newLF);
  let newTextLF: string;
  if (replaceAll) newTextLF = contentLF.split(actualOld).join(actualNew);
  else {
    // Deleting a whole line: take its newline too, so no blank line is left behind.
    const target = actualNew === '' && !actualOld.endsWith('\n') && contentLF.includes(`${actualOld}\n`) ? `${actualOld}\n` : actualOld;
    const i = contentLF.indexOf(target);
    newTextLF = contentLF.slice(0, i) + actualNew + contentLF.slice(i + target.length);
  }
  if (newTextLF === contentLF) {
    return { ok: false, errorCode: EDIT_ERROR.noChange, message: 'No changes to make: old_string and new_string are exactly the same.' };
  }
  return { ok: true, newTextLF, actualOld, actualNew, replacements: replaceAll ? count : 1, quoteNormalized: actualOld !== oldLF };
}
