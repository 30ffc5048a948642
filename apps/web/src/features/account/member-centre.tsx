// The wallet's, the centre's and responsible gaming's texts serve most of the centre's pages
// (amounts, records, pagers, limits, rewards): they load with the centre, not with each page
// (areas.ts).
import "../i18n/texts/centre.ts";
import "../i18n/texts/rg.ts";
import "../i18n/texts/wallet.ts";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBoundary } from "../../components/error-boundary.tsx";
import { Modal } from "../../components/modal.tsx";
import "./member-centre.css";
import { useMissions } from "../loyalty/loyalty-api.ts";
import { MEMBER_CENTRE_PAGES } from "../member-centre/registry.ts";
import { useRewardUnread } from "../member-centre/rewards/rewards-api.ts";
import { useUnreadMessages } from "../messages/messages-api.ts";
import { AGENT_TYPES, TRIAL_ACCOUNT, useSession } from "../session/session-store.ts";
import { closeAccountModal, MEMBER_PAGES, type MemberPage, openMemberCentre } from "./account-ui.ts";
import { useMemberInfo } from "./member-api.ts";

/**
 * The member centre overlay (spec §2 "Personal centre menu"): the menu in spec order and the
 * chosen page beside it. Only a real account sees it; a trial account is told it needs one
 * (spec §6 in_need_true_account). A page appears in the menu once its capability is built
 * (features/member-centre/registry.ts), each downloaded when first opened.
 */
export function MemberCentre({ page }: { page: MemberPage }) {
  const { t } = useTranslation();
  const trial = useSession((s) => s.isAgent === TRIAL_ACCOUNT);
  const info = useMemberInfo().data;
  const agent = useSession((s) => s.isAgent !== null && AGENT_TYPES.includes(s.isAgent));
  // "Transfer to upline" only for a member with an upline (an agent also sends to downlines).
  const offered = (p: MemberPage) => p !== "transferUpline" || agent || info?.hasUpline === true;
  const available = MEMBER_PAGES.filter((p) => MEMBER_CENTRE_PAGES[p] && offered(p));
  const current = available.includes(page) ? page : available[0];
  // spec §2: the rewards item shows an unread badge when the count is above zero.
  const unreadRewards = useRewardUnread().data?.count ?? 0;
  // spec §2: so does messages (CSP_unreadCount).
  const unreadMessages = useUnreadMessages().data?.count ?? 0;
  // spec §2: missions show theirs when a mission completed unseen.
  const unreadMissions = useMissions().data?.unread ?? 0;
  const badge = (p: MemberPage) =>
    p === "rewardCenter"
      ? unreadRewards
      : p === "messageV2"
        ? unreadMessages
        : p === "missionLeaderboard"
          ? unreadMissions
          : 0;
  const Page = current ? MEMBER_CENTRE_PAGES[current] : undefined;
  return (
    <Modal onClose={() => closeAccountModal()} title={t("member.title")} size="page" testId="member-centre">
      {trial ? (
        <p className="form-error" role="alert" data-testid="member-centre-trial">
          {t("errors.in_need_true_account")}
        </p>
      ) : (
        <div className="member-centre">
          <nav className="member-menu" aria-label={t("member.title")}>
            {available.map((p) => (
              <button
                key={p}
                type="button"
                className={p === current ? "member-menu-item active" : "member-menu-item"}
                aria-current={p === current ? "page" : undefined}
                onClick={() => openMemberCentre(p)}
                data-testid={`member-menu-${p}`}
              >
                {t(`member.page.${p}`)}
                {badge(p) > 0 && (
                  <span className="menu-badge" data-testid={`member-badge-${p}`}>
                    {badge(p)}
                  </span>
                )}
              </button>
            ))}
          </nav>
          <section className="member-page" data-testid={`member-page-${current}`}>
            <ErrorBoundary key={current} compact>
              <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
                {Page && <Page />}
              </Suspense>
            </ErrorBoundary>
          </section>
        </div>
      )}
    </Modal>
  );
}
