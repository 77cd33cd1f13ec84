/**
 * 'just now', '2 min ago', '3 h ago', '5 days ago' between an instant and the clock (System Status, spec §2).
 * Pure: the current time is passed in. Null when the instant is missing or unreadable; an instant slightly in
 * the future (clock skew) reads 'just now'.
 */
export function timeAgo(iso: string | null | undefined, now: Date): string | null {
  if (!iso) return null;
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return null;
  const seconds = Math.floor((now.getTime() - then) / 1000);
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 60) return `${days} days ago`;
  const months = Math.floor(days / 30.4375);
  if (months < 24) return `${months} months ago`;
  return `${Math.floor(days / 365.25)} years ago`;
}
