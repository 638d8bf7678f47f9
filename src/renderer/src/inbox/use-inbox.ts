// The inbox's view state, owned by the App: whether the panel is open and which request, if any, was
// opened from it in the full approval modal ("Review").
import { useMemo, useState } from 'react';

export interface InboxView {
  open: boolean;
  /** The request shown in the modal because the person chose "Review" (any conversation). */
  reviewId: string | null;
  toggle(): void;
  close(): void;
  /** The modal's "Review all N in the inbox": leave the modal, open the inbox. */
  showAll(): void;
  review(requestId: string): void;
  endReview(): void;
}

export function useInbox(): InboxView {
  const [open, setOpen] = useState(false);
  const [reviewId, setReviewId] = useState<string | null>(null);
  return useMemo(
    () => ({
      open,
      reviewId,
      toggle: () => setOpen((o) => !o),
      close: () => setOpen(false),
      showAll: () => {
        setReviewId(null);
        setOpen(true);
      },
      review: (requestId: string) => setReviewId(requestId),
      endReview: () => setReviewId(null),
    }),
    [open, reviewId],
  );
}
