import { create } from "zustand";

/**
 * The chat window's state (spec §2 "chat window (can be enlarged or hidden)"): whether it is
 * open, enlarged, or hidden to a bar while the conversation goes on, and what it shows — the
 * site's own chat, or the operator's outside chat page (`outside`: its address, from the chat
 * URL call) in a frame. No zod, nothing heavy: the header's customer-service buttons import it;
 * the window itself is a lazy chunk.
 */
export interface ChatWindowState {
  open: boolean;
  enlarged: boolean;
  hidden: boolean;
  outside: string | null;
}

export const useChatWindow = create<ChatWindowState>(() => ({
  open: false,
  enlarged: false,
  hidden: false,
  outside: null,
}));

export function openChatWindow(outside: string | null = null): void {
  useChatWindow.setState({ open: true, hidden: false, outside });
}

export function closeChatWindow(): void {
  useChatWindow.setState({ open: false, enlarged: false, hidden: false, outside: null });
}

export function toggleChatEnlarged(): void {
  useChatWindow.setState((s) => ({ enlarged: !s.enlarged, hidden: false }));
}

export function setChatHidden(hidden: boolean): void {
  useChatWindow.setState({ hidden });
}
