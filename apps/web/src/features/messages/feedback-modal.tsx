import { useTranslation } from "react-i18next";
import { Modal } from "../../components/modal.tsx";
import { FeedbackForm } from "./feedback-form.tsx";
import "./messages.css";

/** The right bar's feedback window (spec §2 right bar; §7 /wps/feedback). Loaded when first opened. */
export default function FeedbackModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal onClose={onClose} title={t("feedback.title")} testId="feedback-modal">
      <FeedbackForm />
    </Modal>
  );
}
