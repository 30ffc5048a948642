import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { OPEN_PATHS, routeMeta } from "../app/route-meta.ts";
import { ErrorBoundary } from "../components/error-boundary.tsx";
import { useAccountUi } from "../features/account/account-ui.ts";
import { BannerCarousel } from "../features/banners/banner-carousel.tsx";
import { useChatWindow } from "../features/chat/chat-store.ts";
import { lazy } from "../features/i18n/lazy.ts";
import { useNoticeModal } from "../features/notices/notice-modal-store.ts";
import { useSession } from "../features/session/session-store.ts";
import { useStatus } from "../features/system/system-api.ts";
import { BottomNav } from "./bottom-nav.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { PageSkeleton } from "./page-skeleton.tsx";
import { RightBar } from "./right-bar.tsx";
import { useDocumentSeo } from "./use-document-seo.ts";

// The notice modal (with DOMPurify) downloads the first time it opens.
const NoticeModal = lazy(() => import("../features/notices/notice-modal.tsx"));
// The account modals (login popup, forgot and change password, member centre) likewise.
const AccountModals = lazy(() => import("../features/account/account-modals.tsx"));
// The reality check, only for a logged-in member (its own chunk).
const RealityCheck = lazy(() => import("../features/responsible-gaming/reality-check.tsx"));
// The customer-service chat window, the first time it opens.
const ChatWindow = lazy(() => import("../features/chat/chat-window.tsx"));

/**
 * The root view's areas (spec §2): header, banner, main (fading in), side bar and footer.
 * Applies the redirect rule: with "logged in to home" on, a visitor without a session is sent
 * to /login, except on the open paths.
 */
export function SiteLayout() {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  const { data: status } = useStatus();
  const loggedIn = useSession((s) => s.token !== null);
  const noticeOpen = useNoticeModal((s) => s.open);
  const accountModalOpen = useAccountUi((s) => s.modal !== null);
  const chatOpen = useChatWindow((s) => s.open) && loggedIn;
  useDocumentSeo(pathname);

  // A new screen starts at its top, unless the address names a section of it (/down#ios).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger; the hash is read once
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname]);

  if (status?.brand.loggedInToHome && !loggedIn && !OPEN_PATHS.has(pathname)) {
    return <Navigate to="/login" replace />;
  }
  const meta = routeMeta(pathname);
  return (
    <div className="site">
      <a href="#main" className="skip-link">
        {t("common.skipToContent")}
      </a>
      <Header showNav={meta.showNav} />
      {meta.group && (
        <div className="banner-area container">
          <ErrorBoundary compact>
            <BannerCarousel key={meta.group} group={meta.group} />
          </ErrorBoundary>
        </div>
      )}
      <main id="main" className="main-area" tabIndex={-1}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <div className="page-fade">
              <Outlet />
            </div>
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <RightBar />
      <BottomNav />
      {noticeOpen && (
        <ErrorBoundary compact>
          <Suspense fallback={null}>
            <NoticeModal />
          </Suspense>
        </ErrorBoundary>
      )}
      {loggedIn && (
        <ErrorBoundary compact>
          <Suspense fallback={null}>
            <RealityCheck />
          </Suspense>
        </ErrorBoundary>
      )}
      {accountModalOpen && (
        <ErrorBoundary compact>
          <Suspense fallback={null}>
            <AccountModals />
          </Suspense>
        </ErrorBoundary>
      )}
      {chatOpen && (
        <ErrorBoundary compact>
          <Suspense fallback={null}>
            <ChatWindow />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}

/** A page without the site's chrome (/helpmc: the help centre inside the app's web view). */
export function BareLayout() {
  const { pathname } = useLocation();
  useDocumentSeo(pathname);
  return (
    <main id="main" className="bare-area">
      <ErrorBoundary>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </main>
  );
}
