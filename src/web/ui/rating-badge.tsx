import { Badge } from "./badge";

/** A CII rating's tone: A/B good, C acceptable, D/E action required (MEPC.354(78)), none neutral. */
export const ratingTone = (r: string | null) =>
  r === "A" || r === "B" ? "success" : r === "C" ? "info" : r === null ? "neutral" : "danger";

export function RatingBadge({ rating, testId }: { rating: string | null; testId?: string }) {
  return (
    <Badge tone={ratingTone(rating)} data-testid={testId}>
      {rating ?? "Not rated"}
    </Badge>
  );
}
