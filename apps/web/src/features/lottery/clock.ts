import { useEffect, useState } from "react";

/**
 * Countdowns run on the server's clock, not the visitor's: a phone whose clock is two minutes
 * fast must not show sales still open when the server already closed them. Each answer that
 * carries the server's `now` updates the offset (server − local), so `serverNow()` is the
 * local clock corrected by it.
 */
let offsetMs = 0;

/** Record the server's time from an answer (ISO string), taken when the answer arrived. */
export function syncServerClock(serverNowIso: string | undefined, receivedAtMs = Date.now()): void {
  if (!serverNowIso) return;
  const server = Date.parse(serverNowIso);
  if (Number.isNaN(server)) return;
  offsetMs = server - receivedAtMs;
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Test hook: the offset now in force. */
export function clockOffsetMs(): number {
  return offsetMs;
}

/** Whole seconds left until `atIso`, never below zero (a countdown that has run out shows 0). */
export function secondsUntil(atIso: string, nowMs = serverNow()): number {
  const at = Date.parse(atIso);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** "mm:ss", or "h:mm:ss" above an hour, or "Nd hh:mm:ss" above a day. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  if (days > 0) return `${days}d ${two(h)}:${two(m)}:${two(sec)}`;
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  return `${two(m)}:${two(sec)}`;
}

/** Re-render once a second while mounted; answers the corrected server time. */
export function useServerTick(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
