import { create } from "zustand";

/** Whether the notice modal is open, and at which notice (spec §2 home notice bar). */
export const useNoticeModal = create<{ open: boolean; focusId: number | null }>(() => ({
  open: false,
  focusId: null,
}));

export function openNoticeModal(focusId: number | null = null): void {
  useNoticeModal.setState({ open: true, focusId });
}

export function closeNoticeModal(): void {
  useNoticeModal.setState({ open: false, focusId: null });
}
