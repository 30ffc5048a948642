import { useEffect } from "react";

/**
 * The console's live feed: the back office's own WebSocket at /admin/ws (the operator's session
 * cookie signs it in). Reconnects with a growing pause; `onOpen` runs on each (re)connect so
 * the page fetches what it missed.
 */
export interface AdminHubMessage {
  type: string;
  [key: string]: unknown;
}

let socket: WebSocket | null = null;
const listeners = new Set<(m: AdminHubMessage) => void>();
const openListeners = new Set<() => void>();
let users = 0;
let retry = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function connect(): void {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${window.location.host}/admin/ws`);
  socket = ws;
  ws.onmessage = (event) => {
    let msg: AdminHubMessage | null = null;
    try {
      msg = JSON.parse(String(event.data)) as AdminHubMessage;
    } catch {
      return;
    }
    if (msg.type === "ready") {
      retry = 0;
      for (const fn of openListeners) fn();
      return;
    }
    for (const fn of listeners) fn(msg);
  };
  ws.onclose = (event) => {
    if (socket === ws) socket = null;
    if (users === 0 || event.code === 4401 || event.code === 4403) return;
    timer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** retry++));
  };
}

export function sendAdminHub(message: AdminHubMessage): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

/** Listen while mounted; the socket stays open while any console listens. */
export function useAdminHub(onMessage: (m: AdminHubMessage) => void, onOpen: () => void): void {
  useEffect(() => {
    listeners.add(onMessage);
    openListeners.add(onOpen);
    users++;
    if (!socket) connect();
    return () => {
      listeners.delete(onMessage);
      openListeners.delete(onOpen);
      users--;
      if (users === 0) {
        clearTimeout(timer);
        socket?.close();
        socket = null;
      }
    };
  }, [onMessage, onOpen]);
}
